import { parseContent } from "../parse-content";
import { Scenario1Schema } from "../../schema";
import { SCENARIO1_GENERAL } from "./general";
import { NARRATIVES } from "./narratives";
import { ZONES } from "./zones";
import { corp } from "./zones/corp";
import { dev } from "./zones/dev";
import { dmz } from "./zones/dmz";
import { ics } from "./zones/ics";
import { mgmt } from "./zones/mgmt";

const zoneContents = [dmz, corp, dev, mgmt, ics];

/** Scenario 1 — Enterprise Network Security, validated at load. */
export const scenario1 = parseContent(Scenario1Schema, "scenario 1", {
  id: "scenario1",
  title: "Scenario 1 — Enterprise Network Security",
  description:
    "Kestrel Freight Systems runs a five-zone enterprise network: an internet-facing DMZ, the corporate LAN, a development zone with Git, CI/CD and a test database, a management zone with the jump host, SIEM, backups and the core switch, and an industrial control zone that drives the warehouse conveyor line. Configuration drift has left devices in every zone weaker than their baseline, and some of those weaknesses have already been found by someone else. The analyst must find each misconfiguration on its device, prove it with the configuration and the logs, judge what it exposes, and fix it without destroying evidence or disrupting operations.",
  clock: "2026-03-18T09:30:00Z",
  zones: ZONES,
  devices: zoneContents.flatMap((z) => z.devices),
  configs: zoneContents.flatMap((z) => z.configs),
  narratives: NARRATIVES,
  llm_tasks: { general: SCENARIO1_GENERAL, specifics: zoneContents.flatMap((z) => z.tasks) },
  platform: {
    repositories: zoneContents.flatMap((z) => z.platform?.repositories ?? []),
    pipelines: zoneContents.flatMap((z) => z.platform?.pipelines ?? []),
    packages: zoneContents.flatMap((z) => z.platform?.packages ?? []),
    repository_groups: zoneContents.flatMap((z) => z.platform?.repository_groups ?? []),
  },
});
