import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import { dcPlan } from "../formats/samba";
import type { Plan } from "./engine";

/**
 * A domain controller's log.samba (profile `ad-dc` of the samba format): `hosts` are the
 * domain's computers (NetBIOS name, address and, for a workstation, its user as `user`), whose
 * machine accounts and users log on; `users` adds accounts that log on without a workstation of
 * their own (administrators through the jump host's tools).
 */
export function adDcPlan(_rng: Random, input: ProfileInput): Plan {
  return dcPlan(input.ctx, input.options.hosts, input.count, input.fromMs, input.toMs);
}
