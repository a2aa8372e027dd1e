import type { ZoneId } from "./schema/scenario1";
import type { NarrativeId } from "./schema/scenario2";

/**
 * The ids, names and descriptions of the 13 test cases. Ids are stable: results, logs and
 * metadata files are named after them. cases.ts binds each to its content.
 */
export const S1_CASE_DEFINITIONS: { id: string; zone: ZoneId; name: string; description: string }[] = [
  {
    id: "s1-dmz",
    zone: "dmz",
    name: "DMZ Perimeter Services",
    description:
      "Internet-facing services in the DMZ have drifted from their hardening baseline. Find each exposed misconfiguration, the traffic that has already abused it, and the fix.",
  },
  {
    id: "s1-corp",
    zone: "corp",
    name: "Corporate LAN",
    description:
      "Workstations and the domain controller on the corporate LAN carry weakened settings. Prove each one from configuration and logs and judge what an intruder on the LAN could reach.",
  },
  {
    id: "s1-dev",
    zone: "dev",
    name: "Development Zone",
    description:
      "The CI/CD server and the test database in the development zone are reachable in ways their baseline forbids. Trace who used that access and what it exposes.",
  },
  {
    id: "s1-mgmt",
    zone: "mgmt",
    name: "Management Plane",
    description:
      "The jump host, backup server and core switch hold the keys to the network. Find the management-plane misconfigurations and the signs that someone has used them.",
  },
  {
    id: "s1-ics",
    zone: "ics",
    name: "Industrial Control Zone",
    description:
      "The SCADA and IoT controllers of the warehouse conveyor line accept commands they should not. Establish the exposure, the evidence of tampering and a safe fix that keeps the line running.",
  },
];

export const S2_CASE_DEFINITIONS: { id: string; narrative: NarrativeId; name: string; description: string }[] = [
  {
    id: "s2-typosquatting",
    narrative: "narrative1",
    name: "Typo-squatted npm Dependency",
    description:
      "A build pulled a package whose name is one keystroke away from a popular library. Find the squat, what its install hook did, and everywhere it ran.",
  },
  {
    id: "s2-dependency-confusion",
    narrative: "narrative2",
    name: "Dependency Confusion",
    description:
      "A public package claimed the name of an internal one with a higher version, and the npm group resolved it first. Prove how, and what it took.",
  },
  {
    id: "s2-postinstall-script",
    narrative: "narrative3",
    name: "Malicious Post-install Script",
    description:
      "A trusted dependency's new patch release gained a post-install hook. Trace its second stage on CI runners and workstations, and its persistence.",
  },
  {
    id: "s2-homoglyph-backdoor",
    narrative: "narrative4",
    name: "Unicode Homoglyph Backdoor",
    description:
      "A reviewed commit hides a lookalike Unicode character in an allow-list. Find the byte that differs, who pushed it, and what it let through.",
  },
  {
    id: "s2-pr-comment-injection",
    narrative: "narrative5",
    name: "PR-comment Command Injection",
    description:
      "A pull-request comment command hands untrusted text to a CI shell step. Show the injection, the stolen credential and where it was used.",
  },
  {
    id: "s2-stolen-signing-cert",
    narrative: "narrative6",
    name: "Stolen Code-signing Certificate",
    description:
      "Artifacts were signed outside the release process. Compare the signing records with the baseline and trace how the key left the build server.",
  },
  {
    id: "s2-env-exfiltration",
    narrative: "narrative7",
    name: "Environment-variable Exfiltration",
    description:
      "A build-script change posts the CI environment to an outside host. Establish which secrets leaked, in which runs, and who has used them since.",
  },
  {
    id: "s2-terraform-tag-persistence",
    narrative: "narrative8",
    name: "Terraform Tag Persistence",
    description:
      "An infrastructure change hides persistence in resource tags that terraform apply never reverts. Find the mechanism on the fleet and its control channel.",
  },
];

export const CASE_IDS: readonly string[] = [
  ...S1_CASE_DEFINITIONS.map((c) => c.id),
  ...S2_CASE_DEFINITIONS.map((c) => c.id),
];
