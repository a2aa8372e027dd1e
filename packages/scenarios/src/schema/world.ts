import { z } from "zod";

/**
 * The simulated world, as content: what the hosts hold and what the Git server, the CI server
 * and the artifact repository know. packages/sim turns this into live hosts; everything here is
 * plain data so that the same content and seed always build the same environment.
 */

const text = z.string().min(1);
/** ISO 8601 timestamp with a zone, e.g. 2026-03-14T02:17:09Z. */
export const IsoTimeSchema = z.iso.datetime({ offset: true });
const absPath = z.string().regex(/^\/[^\0]*$/, "an absolute path");

export const FileSpecSchema = z.object({
  path: absPath,
  content: z.string(),
  /** "user:group"; root:root when omitted. */
  owner: z
    .string()
    .regex(/^[a-z_][a-z0-9_.-]*:[a-z_][a-z0-9_.-]*$/)
    .optional(),
  /** Octal mode such as "0644"; 0644 (files) when omitted. */
  mode: z
    .string()
    .regex(/^0[0-7]{3,4}$/)
    .optional(),
  mtime: IsoTimeSchema.optional(),
});
export type FileSpec = z.infer<typeof FileSpecSchema>;

export const UserSpecSchema = z.object({
  name: text,
  uid: z.number().int().min(0),
  gid: z.number().int().min(0).optional(),
  groups: z.array(text).default([]),
  home: absPath,
  shell: text.default("/bin/bash"),
  gecos: z.string().default(""),
});
export type UserSpec = z.infer<typeof UserSpecSchema>;

export const ProcessSpecSchema = z.object({
  pid: z.number().int().positive(),
  ppid: z.number().int().min(0).default(1),
  user: text,
  command: text,
  started: IsoTimeSchema.optional(),
  cpu: z.number().min(0).default(0),
  mem: z.number().min(0).default(0),
});
export type ProcessSpec = z.infer<typeof ProcessSpecSchema>;

export const SocketSpecSchema = z.object({
  proto: z.enum(["tcp", "udp", "tcp6", "udp6"]),
  /** "address:port", e.g. 0.0.0.0:22 or 10.0.30.11:8080. */
  local: text,
  remote: text.default("0.0.0.0:*"),
  state: z.enum(["LISTEN", "ESTABLISHED", "TIME_WAIT", "SYN_SENT", "CLOSE_WAIT", "UNCONN"]),
  pid: z.number().int().positive().optional(),
  program: text.optional(),
});
export type SocketSpec = z.infer<typeof SocketSpecSchema>;

export const ServiceSpecSchema = z.object({
  name: text,
  description: text,
  state: z.enum(["running", "exited", "stopped", "failed"]),
  enabled: z.boolean().default(true),
  pid: z.number().int().positive().optional(),
});
export type ServiceSpec = z.infer<typeof ServiceSpecSchema>;

export const CronSpecSchema = z.object({
  user: text,
  schedule: text,
  command: text,
});
export type CronSpec = z.infer<typeof CronSpecSchema>;

export const LoginSpecSchema = z.object({
  user: text,
  tty: text,
  from: text,
  start: IsoTimeSchema,
  /** When the session ended; absent means still logged in. */
  end: IsoTimeSchema.optional(),
});
export type LoginSpec = z.infer<typeof LoginSpecSchema>;

/** A timestamped log line. The text is the exact line as it appears in the log. */
export const LogLineSchema = z.object({ time: IsoTimeSchema, text: text });
export type LogLine = z.infer<typeof LogLineSchema>;

/**
 * Noise formats the simulator can generate: ordinary, benign traffic in the real format of each
 * log, so evidence lines sit among plausible volumes of normal activity.
 */
export const NOISE_FORMATS = [
  "syslog",
  "auth",
  "nginx-access",
  "apache-access",
  "auditd",
  "ci-runner",
  "nexus-request",
  "git-daemon",
  "postgres",
  "firewall",
  "windows-security",
  "modbus",
  "json-app",
  "journald",
  "bind-query",
  "jenkins-console",
  "npm-debug",
  "cloudtrail",
  "siem-alert",
  "postfix",
  "samba",
] as const;
export const NoiseFormatSchema = z.enum(NOISE_FORMATS);
export type NoiseFormat = z.infer<typeof NoiseFormatSchema>;

/**
 * Profiles of a noise format: the application, host kind or product whose traffic the lines
 * imitate (the paths of a web application, the daemons of a workstation's syslog). A log without
 * a profile gets the format's generic lines, exactly as before profiles existed.
 */
export const NOISE_FORMAT_PROFILES = {
  "nginx-access": ["suitecrm", "gitea", "jenkins", "generic-api", "static-site"],
  "apache-access": ["suitecrm", "gitea", "jenkins", "generic-api", "static-site"],
  auth: ["server", "workstation"],
  auditd: ["server"],
  syslog: ["server", "workstation", "gitea"],
  "siem-alert": ["kestrel"],
  "bind-query": ["resolver"],
  firewall: ["fortigate"],
  "nexus-request": ["nexus"],
  postgres: ["app-db"],
  "json-app": ["pino"],
  postfix: ["relay"],
  samba: ["ad-dc"],
} as const satisfies Partial<Record<NoiseFormat, readonly string[]>>;
export const NOISE_PROFILES = [...new Set(Object.values(NOISE_FORMAT_PROFILES).flat())] as [
  NoiseProfile,
  ...NoiseProfile[],
];
export type NoiseProfile = (typeof NOISE_FORMAT_PROFILES)[keyof typeof NOISE_FORMAT_PROFILES][number];

/** An IPv4 address, or a network in CIDR notation ("10.0.20.0/24") standing for hosts in it. */
const addressOrNetwork = z
  .string()
  .regex(/^(?:\d{1,3}\.){3}\d{1,3}(?:\/(?:[89]|[12]\d|3[0-2]))?$/, "an IPv4 address or CIDR network");

/**
 * How much noise a log holds and what kind. `count` lines of `format` spread between `from` and
 * `to`; every other field is optional and changes nothing when left out.
 */
export const LogNoiseSchema = z.object({
  /** Lines over [from, to]; with `window_days`, lines over one full window (a rate). */
  count: z.number().int().min(0).max(250_000),
  from: IsoTimeSchema,
  to: IsoTimeSchema,
  /** What the lines imitate (see NOISE_FORMAT_PROFILES); the format's generic lines when omitted. */
  profile: z.enum(NOISE_PROFILES).optional(),
  /**
   * Share (0 to 1) of lines from internet sources: visitors, crawlers and scanners of a web log,
   * brute-force bots of an exposed sshd. Each profile has its own default.
   */
  external: z.number().min(0).max(1).optional(),
  /** Internal clients (addresses or networks) instead of every other host of the world. */
  peers: z.array(addressOrNetwork).min(1).optional(),
  /**
   * Named machines the log knows besides its clients: the hosts a SIEM reports on, the CI server
   * that fetches from a Git server (with the account it uses).
   */
  hosts: z
    .array(z.object({ name: text, ip: z.ipv4(), user: text.optional() }))
    .min(1)
    .optional(),
  /** Accounts that log in or act, instead of the host's interactive users. */
  users: z.array(text).min(1).optional(),
  /** The application's own names (Jenkins jobs, Gitea repositories owner/name); the profile's own when omitted. */
  names: z.array(text).min(1).optional(),
  /** SSH key fingerprints by user ("SHA256:…"), so a user's logins show the key evidence shows. */
  keys: z.record(text, z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}$/)).optional(),
  /** sshd at LogLevel VERBOSE: "Connection from …" and "User child is on pid …" lines. */
  verbose: z.boolean().optional(),
  /** sshd wants a key and then a one-time code (AuthenticationMethods publickey,keyboard-interactive). */
  mfa: z.boolean().optional(),
  /** The host that wrote the lines, when the file is its copy on a log server (/var/log/remote/<host>/). */
  origin: z.object({ name: text, ip: z.ipv4() }).optional(),
  /**
   * Only the last `window_days` days before the environment's clock hold noise, as in a log that
   * is rotated (older lines went to auth.log.1 and beyond); `count` is then a full window's lines.
   */
  window_days: z.number().positive().max(366).optional(),
  /**
   * postfix/relay: when the relay's public address went onto DNSBLs; from then on receivers that
   * check them refuse its mail (the bounces a blocklisting causes).
   */
  blocklisted: IsoTimeSchema.optional(),
});
export type LogNoise = z.infer<typeof LogNoiseSchema>;

/**
 * A log file: the evidence lines given here, merged by time with `noise.count` generated lines
 * of `format` spread between `noise.from` and `noise.to`.
 */
export const LogFileSpecSchema = z
  .object({
    path: absPath,
    format: NoiseFormatSchema,
    owner: FileSpecSchema.shape.owner,
    mode: FileSpecSchema.shape.mode,
    lines: z.array(LogLineSchema).default([]),
    noise: LogNoiseSchema.optional(),
  })
  .superRefine((log, ctx) => {
    const profile = log.noise?.profile;
    if (!profile) return;
    const allowed: readonly string[] =
      (NOISE_FORMAT_PROFILES as Partial<Record<NoiseFormat, readonly string[]>>)[log.format] ?? [];
    if (!allowed.includes(profile))
      ctx.addIssue({
        code: "custom",
        path: ["noise", "profile"],
        message: `format ${log.format} has no profile "${profile}"${allowed.length ? ` (it has ${allowed.join(", ")})` : ""}`,
      });
  });
export type LogFileSpec = z.infer<typeof LogFileSpecSchema>;

export const JournalEntrySchema = z.object({
  time: IsoTimeSchema,
  unit: text,
  /** The syslog identifier, e.g. sshd[1234]; the unit name when omitted. */
  identifier: text.optional(),
  message: text,
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

/**
 * A folder of many files generated from a few parameters instead of listed one by one (see
 * content/README.md): an installed npm dependency tree beside a project's package.json
 * (`npm-install`), or an application's deployed web root (`suitecrm`). Files the content lists
 * inside it are kept as the content has them.
 */
export const TreeSpecSchema = z.object({
  generator: z.enum(["npm-install", "suitecrm"]),
  /** The project folder (npm-install: the one holding package.json) or the web root. */
  path: absPath,
  owner: FileSpecSchema.shape.owner,
  /** When the install or deployment ran: the time of the folders and lockfiles it wrote. */
  installed: IsoTimeSchema.optional(),
  /** npm-install: the registry's base URL for `resolved`; the project lock's registry when omitted. */
  registry: z.url().optional(),
});
export type TreeSpec = z.infer<typeof TreeSpecSchema>;

/** Everything a host holds. Base hosts give all of it; overlays add to it. */
export const HostContentSchema = z.object({
  users: z.array(UserSpecSchema).default([]),
  files: z.array(FileSpecSchema).default([]),
  logs: z.array(LogFileSpecSchema).default([]),
  processes: z.array(ProcessSpecSchema).default([]),
  sockets: z.array(SocketSpecSchema).default([]),
  services: z.array(ServiceSpecSchema).default([]),
  cron: z.array(CronSpecSchema).default([]),
  logins: z.array(LoginSpecSchema).default([]),
  journal: z.array(JournalEntrySchema).default([]),
  /** Generated folders (installed dependency trees, web roots). */
  trees: z.array(TreeSpecSchema).default([]),
  /** Environment variables of login shells on this host (e.g. CI variables on a runner). */
  env: z.record(z.string(), z.string()).default({}),
});
export type HostContent = z.infer<typeof HostContentSchema>;

/** A simulated host: identity plus content. */
export const HostSpecSchema = HostContentSchema.extend({
  /** The role a model names in tool calls, e.g. "CI/CD Server", or a Scenario 1 device name. */
  role: text,
  hostname: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/),
  ip: z.ipv4(),
  os: text,
  /** `uname -r`. */
  kernel: text.default("6.1.0-26-amd64"),
});
export type HostSpec = z.infer<typeof HostSpecSchema>;

/** Additions to a host for one case: files replace same-path files, lists are appended. */
export const HostOverlaySchema = HostContentSchema.extend({ role: text });
export type HostOverlay = z.infer<typeof HostOverlaySchema>;

export const GitCommitSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{40}$/, "a full 40-hex commit hash"),
  author: z.object({ name: text, email: z.email() }),
  /** Author date. */
  date: IsoTimeSchema,
  message: text,
  /** Branch the commit was made on; the repository's default branch when omitted. */
  branch: text.optional(),
  /**
   * Files as they are after the commit: full new content, or null for a deleted file. The
   * simulator computes diffs from consecutive states, byte for byte.
   */
  changes: z.array(z.object({ path: z.string().regex(/^[^/\0][^\0]*$/), content: z.string().nullable() })).min(1),
});
export type GitCommit = z.infer<typeof GitCommitSchema>;

export const GitRepositorySchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
  description: text,
  default_branch: text.default("main"),
  /** Oldest first; each commit's parent is the previous commit on its branch. */
  commits: z.array(GitCommitSchema).min(1),
});
export type GitRepository = z.infer<typeof GitRepositorySchema>;

export const PipelineRunSchema = z.object({
  pipeline: z.string().regex(/^[a-z0-9][a-z0-9._/-]*$/),
  run_id: z.string().regex(/^[A-Za-z0-9._-]+$/),
  status: z.enum(["success", "failed", "running", "cancelled"]),
  trigger: text,
  branch: text,
  commit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
  started: IsoTimeSchema,
  duration_seconds: z.number().int().min(0),
  runner: text,
  /** The job log, exactly as the runner printed it. */
  log: text,
});
export type PipelineRun = z.infer<typeof PipelineRunSchema>;

/** Package metadata record (spec: name, latest_version, author, first_published, downloads_last_month, summary). */
export const PackageMetadataSchema = z.object({
  name: text,
  latest_version: text,
  author: text,
  first_published: IsoTimeSchema,
  downloads_last_month: z.number().int().min(0),
  summary: text,
});
export type PackageMetadata = z.infer<typeof PackageMetadataSchema>;

/** A package as the artifact repository stores it: the metadata record plus where and what. */
export const ArtifactPackageSchema = PackageMetadataSchema.extend({
  /** Hosted or proxy repository that holds it, e.g. npm-internal or npmjs-proxy. */
  repository: text,
  format: z.enum(["npm", "pypi", "maven", "nuget", "docker", "raw"]),
  versions: z
    .array(
      z.object({
        version: text,
        published: IsoTimeSchema,
        publisher: text,
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .optional(),
        /** Files inside the package worth reading (package.json, setup.py, install scripts). */
        files: z.record(z.string(), z.string()).default({}),
      }),
    )
    .min(1),
});
export type ArtifactPackage = z.infer<typeof ArtifactPackageSchema>;

/** Repository group config (spec: name, format, type, attributes.group.memberNames). */
export const RepositoryGroupSchema = z.object({
  name: text,
  format: text,
  type: z.enum(["group", "hosted", "proxy"]),
  attributes: z.object({ group: z.object({ memberNames: z.array(text).min(1) }) }),
});
export type RepositoryGroup = z.infer<typeof RepositoryGroupSchema>;

/** Signing baseline (spec: normal_hours_utc, authorized_source_ips, authorized_users, typical_artifact_types). */
export const SigningBaselineSchema = z.object({
  normal_hours_utc: text,
  authorized_source_ips: z.array(text).min(1),
  authorized_users: z.array(text).min(1),
  typical_artifact_types: z.array(text).min(1),
});
export type SigningBaseline = z.infer<typeof SigningBaselineSchema>;

/** What one case adds to the base world. */
export const WorldOverlaySchema = z.object({
  /** The simulated "now" for this case: `date`, `uptime` and `last` read it. */
  clock: IsoTimeSchema,
  hosts: z.array(HostOverlaySchema).default([]),
  repositories: z.array(GitRepositorySchema).default([]),
  pipelines: z.array(PipelineRunSchema).default([]),
  packages: z.array(ArtifactPackageSchema).default([]),
  repository_groups: z.array(RepositoryGroupSchema).default([]),
});
export type WorldOverlay = z.infer<typeof WorldOverlaySchema>;
