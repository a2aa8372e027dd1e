import { parseContent } from "../parse-content";
import { Scenario2Schema } from "../../schema";
import { SCENARIO2_GENERAL } from "./general";
import { BASE_HOSTS } from "./hosts";
import { typosquatting } from "./narratives/n1-typosquatting";
import { dependencyConfusion } from "./narratives/n2-dependency-confusion";
import { postinstallScript } from "./narratives/n3-postinstall-script";
import { homoglyphBackdoor } from "./narratives/n4-homoglyph-backdoor";
import { prCommentInjection } from "./narratives/n5-pr-comment-injection";
import { stolenSigningCert } from "./narratives/n6-stolen-signing-cert";
import { envExfiltration } from "./narratives/n7-env-exfiltration";
import { terraformTagPersistence } from "./narratives/n8-terraform-tag-persistence";
import { REFERENCE } from "./reference";

const bundles = [
  typosquatting,
  dependencyConfusion,
  postinstallScript,
  homoglyphBackdoor,
  prCommentInjection,
  stolenSigningCert,
  envExfiltration,
  terraformTagPersistence,
];

/** Scenario 2 — Software Supply Chain Security, validated at load. */
export const scenario2 = parseContent(Scenario2Schema, "scenario 2", {
  id: "scenario2",
  title: "Scenario 2 — Software Supply Chain Security",
  description: REFERENCE.description,
  reference: REFERENCE.reference,
  hosts: BASE_HOSTS,
  narratives: bundles.map((b) => b.narrative),
  llm_tasks: { general: SCENARIO2_GENERAL, tasks: bundles.map((b) => b.task) },
});
