import type { Scenario1 } from "../schema/scenario1";
import type { Narrative2, Scenario2 } from "../schema/scenario2";
import type { ArtifactPackage, GitRepository, HostSpec, PipelineRun, RepositoryGroup } from "../schema/world";
import { applyHostContent } from "./apply-host-content";

/**
 * The whole world of one case, composed from scenario content: the input of the simulator and
 * of static content checks. Plain data; building it has no side effects.
 */
export interface CaseWorld {
  scenario: "S1" | "S2";
  /** The simulated "now". */
  clock: string;
  hosts: HostSpec[];
  /** Other names a host answers to in tool calls (lower case), e.g. a device's hostname. */
  aliases: Record<string, string>;
  repositories: GitRepository[];
  pipelines: PipelineRun[];
  packages: ArtifactPackage[];
  groups: RepositoryGroup[];
  /** Commands run on hosts after files are placed (Scenario 2 blueprints' setup commands). */
  setupCommands: { role: string; command: string }[];
  /** What get_network_topology returns, as data. */
  topology: Topology;
}

export interface Topology {
  name: string;
  segments: { name: string; cidr: string; description: string }[];
  hosts: { name: string; hostname: string; ip: string; os: string; segment: string; roles: string[] }[];
  notes: string[];
}

function segmentOf(ip: string, segments: Topology["segments"]): string {
  const prefix = ip.split(".").slice(0, 3).join(".");
  return segments.find((s) => s.cidr.startsWith(`${prefix}.`))?.name ?? "external";
}

/** Scenario 1: every device of the enterprise network is a host; the world is shared by all samples. */
/** What scenario1World needs of Scenario 1. */
export type Scenario1Base = Pick<Scenario1, "title" | "clock" | "zones" | "devices" | "platform">;

export function scenario1World(s1: Scenario1Base): CaseWorld {
  const hosts: HostSpec[] = s1.devices.map((d) => ({
    role: d.name,
    hostname: d.host,
    ip: d.ip,
    os: d.os,
    kernel: "6.1.0-26-amd64",
    ...d.world,
  }));
  const aliases = Object.fromEntries(s1.devices.map((d) => [d.host.toLowerCase(), d.name]));
  const segments = s1.zones.map((z) => ({ name: z.name, cidr: z.cidr, description: z.description }));
  return {
    scenario: "S1",
    clock: s1.clock,
    hosts,
    aliases,
    repositories: s1.platform.repositories,
    pipelines: s1.platform.pipelines,
    packages: s1.platform.packages,
    groups: s1.platform.repository_groups,
    setupCommands: [],
    topology: {
      name: s1.title,
      segments,
      hosts: s1.devices.map((d) => ({
        name: d.name,
        hostname: d.host,
        ip: d.ip,
        os: d.os,
        segment: segmentOf(d.ip, segments),
        roles: d.roles,
      })),
      notes: ["Address a device in execute_shell_command and get_file_content by its name or hostname."],
    },
  };
}

/** Scenario 2: the seven base hosts with one narrative's world laid over them. */
/** What scenario2World needs of Scenario 2: the base hosts and the network device list. */
export type Scenario2Base = Pick<Scenario2, "title" | "hosts"> & {
  reference: Pick<Scenario2["reference"], "network_devices">;
};

export function scenario2World(s2: Scenario2Base, narrative: Narrative2): CaseWorld {
  const world = narrative.world;
  const bp = narrative.implementation_blueprint;
  const hosts = s2.hosts.map((base) => {
    let host = base;
    for (const overlay of world.hosts.filter((o) => o.role === base.role)) {
      host = applyHostContent(host, overlay);
    }
    const placed = bp.evidence_placement
      .filter((p) => p.destination_host_role === base.role)
      .map((p) => ({ path: p.destination_path, content: p.content }));
    // Evidence placement wins over an overlay file at the same path only if the overlay did not
    // give ownership or mode for it: the blueprint's content is the evidence, byte for byte.
    const files = placed.map((p) => {
      const prior = host.files.find((f) => f.path === p.path);
      return prior ? { ...prior, content: p.content } : p;
    });
    return applyHostContent(host, { files });
  });
  const segments = [
    { name: "Corporate VLAN", cidr: "10.0.20.0/24", description: "Staff workstations, domain controller and DNS." },
    { name: "Dev VLAN", cidr: "10.0.30.0/24", description: "Git server, CI/CD server and artifact repository." },
    { name: "Management VLAN", cidr: "10.0.40.0/24", description: "Admin jump host and SIEM/log server." },
    { name: "DMZ", cidr: "10.0.10.0/24", description: "Internet-facing services." },
    { name: "Perimeter WAN", cidr: "198.51.100.4/30", description: "Edge firewall to ISP link." },
  ];
  return {
    scenario: "S2",
    clock: world.clock,
    hosts,
    aliases: {},
    repositories: world.repositories,
    pipelines: world.pipelines,
    packages: world.packages,
    groups: world.repository_groups,
    setupCommands: bp.setup_commands.map((c) => ({ role: c.device_role, command: c.command })),
    topology: {
      name: s2.title,
      segments,
      hosts: [
        ...hosts.map((h) => ({
          name: h.role,
          hostname: h.hostname,
          ip: h.ip,
          os: h.os,
          segment: segmentOf(h.ip, segments),
          roles: [h.role],
        })),
        ...s2.reference.network_devices
          .filter((d) => !hosts.some((h) => h.ip === d.ip))
          .map((d) => ({
            name: d.name,
            hostname: d.host,
            ip: d.ip,
            os: d.os,
            segment: segmentOf(d.ip, segments),
            roles: d.roles,
          })),
      ],
      notes: [
        "The artifact repository (Nexus Repository 3) listens on 10.0.30.13:8081.",
        'Address hosts in execute_shell_command and get_file_content by role, e.g. "CI/CD Server".',
      ],
    },
  };
}
