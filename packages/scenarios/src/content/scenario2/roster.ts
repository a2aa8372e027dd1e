/**
 * Who and what Scenario 2 is about, fixed once so every narrative, log and piece of evidence
 * agrees on names and addresses. The company is fictional; so are all people and domains.
 */
export const COMPANY = {
  name: "Kestrel Freight Systems",
  /** Internal DNS / AD domain. */
  domain: "kestrel.internal",
  /** Public e-mail domain of employees. */
  emailDomain: "kestrelfreight.com",
  /** Scope of the company's private npm packages. */
  npmScope: "@kestrel",
} as const;

/**
 * Conventions every narrative follows, so evidence sits where the simulator and the other
 * narratives expect it:
 * - Git Server: Gitea 1.21; bare repositories at /srv/git/kestrel/<repo>.git (the simulator
 *   materialises world.repositories there, and read-only `git` works inside them).
 * - CI/CD Server: Jenkins 2.440.3 LTS, JENKINS_HOME=/var/lib/jenkins; each pipeline run's log
 *   is at /var/lib/jenkins/jobs/<pipeline>/builds/<run_id>/log (materialised from world.pipelines).
 * - Artifact Repository: Nexus Repository 3.68 on :8081, data in /opt/sonatype/sonatype-work/nexus3,
 *   request log at /opt/sonatype/sonatype-work/nexus3/log/request.log.
 * - SIEM/Log Server: rsyslog collects every host's logs under /var/log/remote/<hostname>/;
 *   correlated alerts are JSON lines in /var/log/siem/alerts.json.
 * - DC/DNS: Samba 4.17 AD DC with BIND 9.18 (DLZ); DNS query log at /var/log/named/queries.log.
 * - Developer Workstation: projects under /home/<user>/src/<repo>.
 */
/** The seven simulated hosts of the supply chain, one per role. */
export const HOSTS = {
  workstation: {
    role: "Developer Workstation",
    hostname: "dev-ws-114",
    ip: "10.0.20.114",
    os: "Ubuntu 22.04.4 LTS",
  },
  jump: { role: "Admin Jump Host", hostname: "jump-01", ip: "10.0.40.5", os: "Debian GNU/Linux 12 (bookworm)" },
  siem: { role: "SIEM/Log Server", hostname: "siem-01", ip: "10.0.40.10", os: "Rocky Linux 9.4 (Blue Onyx)" },
  ci: { role: "CI/CD Server", hostname: "ci-01", ip: "10.0.30.11", os: "Ubuntu 22.04.4 LTS" },
  artifacts: {
    role: "Artifact Repository",
    hostname: "artifacts-01",
    ip: "10.0.30.13",
    os: "Ubuntu 22.04.4 LTS",
  },
  git: { role: "Git Server", hostname: "git-01", ip: "10.0.30.10", os: "Ubuntu 22.04.4 LTS" },
  dc: {
    role: "DC/DNS",
    hostname: "dc01",
    ip: "10.0.20.10",
    os: "Debian GNU/Linux 12 (bookworm)",
  },
} as const;

/** Network segments of the supply chain environment. */
export const NETWORK = {
  corporateVlan: "10.0.20.0/24",
  devVlan: "10.0.30.0/24",
  mgmtVlan: "10.0.40.0/24",
  dmz: "10.0.10.0/24",
  /** Perimeter WAN /30 between the edge firewall and the ISP. */
  wanLink: "198.51.100.4/30",
  wanFirewall: "198.51.100.6",
  wanIspGateway: "198.51.100.5",
  artifactRepositoryPort: 8081,
} as const;

/** Staff who appear across narratives (usernames are AD sAMAccountNames and Linux logins). */
export const PEOPLE = {
  priya: {
    name: "Priya Raman",
    username: "praman",
    email: "priya.raman@kestrelfreight.com",
    title: "Senior Backend Engineer",
  },
  marcus: {
    name: "Marcus Chen",
    username: "mchen",
    email: "marcus.chen@kestrelfreight.com",
    title: "Frontend Engineer",
  },
  elena: {
    name: "Elena Petrova",
    username: "epetrova",
    email: "elena.petrova@kestrelfreight.com",
    title: "Platform Engineer",
  },
  tomas: {
    name: "Tomás Alvarez",
    username: "talvarez",
    email: "tomas.alvarez@kestrelfreight.com",
    title: "Data Engineer",
  },
  jordan: {
    name: "Jordan Blake",
    username: "jblake",
    email: "jordan.blake@kestrelfreight.com",
    title: "Release Engineer",
  },
  aisha: {
    name: "Aisha Okafor",
    username: "aokafor",
    email: "aisha.okafor@kestrelfreight.com",
    title: "Security Engineer",
  },
  admin: {
    name: "Sam Whitfield",
    username: "swhitfield",
    email: "sam.whitfield@kestrelfreight.com",
    title: "Systems Administrator",
  },
} as const;

/** Service accounts on the build infrastructure. */
export const SERVICE_ACCOUNTS = ["jenkins", "nexus", "git", "svc-build", "svc-deploy"] as const;
