import type { z } from "zod";
import type { Scenario2Schema } from "../../schema";

type Reference = z.input<typeof Scenario2Schema>["reference"];

const DESCRIPTION = `Scenario 2 drops the model into the software supply chain of Kestrel Freight Systems, a logistics software company whose services are built from a Gitea server (git-01, 10.0.30.10), a Jenkins CI/CD server (ci-01, 10.0.30.11) and a Nexus Repository 3 artifact repository (artifacts-01, 10.0.30.13:8081) that proxies npm, PyPI, Maven and Docker Hub. Developers work on the corporate VLAN (10.0.20.0/24) next to the domain controller and DNS server; administrators reach the build estate through a jump host, and every host forwards its logs to a SIEM on the management VLAN. Eight narratives each plant one real-world supply-chain attack — typo-squatting, dependency confusion, a malicious post-install script, a Unicode homoglyph backdoor, pull-request comment command injection, a stolen code-signing certificate, environment-variable exfiltration and Terraform tag persistence — among ordinary builds, benign package releases, routine admin logins and red herrings. The scenario tests whether a model can investigate with read-only tools, correlate evidence across Git, CI logs, package metadata, DNS and host logs, name the malicious artifact with its indicators, scope the blast radius (builds, hosts, secrets, releases) and recommend containment and a durable fix without destroying evidence or weakening controls.`;

const NEXUS_NPM_BASELINE = `{
  "routingRules": [
    {
      "name": "block-kestrel-names-upstream",
      "description": "Internal package names must never resolve from a public registry",
      "mode": "BLOCK",
      "matchers": ["^/@kestrel/.*", "^/kestrel-.*"]
    }
  ],
  "repositories": [
    {
      "name": "npm-internal",
      "format": "npm",
      "type": "hosted",
      "online": true,
      "storage": { "blobStoreName": "npm", "strictContentTypeValidation": true, "writePolicy": "ALLOW_ONCE" },
      "cleanup": { "policyNames": ["npm-internal-prerelease-90d"] }
    },
    {
      "name": "npmjs-proxy",
      "format": "npm",
      "type": "proxy",
      "online": true,
      "storage": { "blobStoreName": "npm", "strictContentTypeValidation": true },
      "proxy": { "remoteUrl": "https://registry.npmjs.org", "contentMaxAge": 1440, "metadataMaxAge": 30 },
      "negativeCache": { "enabled": true, "timeToLive": 1440 },
      "httpClient": { "blocked": false, "autoBlock": true },
      "routingRuleName": "block-kestrel-names-upstream",
      "cleanup": { "policyNames": ["proxy-unused-180d"] }
    },
    {
      "name": "npm-all",
      "format": "npm",
      "type": "group",
      "online": true,
      "storage": { "blobStoreName": "npm", "strictContentTypeValidation": true },
      "group": { "memberNames": ["npm-internal", "npmjs-proxy"] }
    }
  ]
}
`;

const NEXUS_CLEANUP = `[
  {
    "name": "npm-internal-prerelease-90d",
    "notes": "Remove prerelease builds of internal packages 90 days after upload; releases are kept",
    "format": "npm",
    "criteriaLastBlobUpdated": 90,
    "criteriaReleaseType": "PRERELEASES",
    "criteriaAssetRegex": "^@kestrel/.*"
  },
  {
    "name": "proxy-unused-180d",
    "notes": "Evict proxied components nobody has downloaded for 180 days",
    "format": "ALL_FORMATS",
    "criteriaLastDownloaded": 180
  }
]
`;

const NPMRC = `; ~/.npmrc and CI .npmrc baseline (platform template v4)
; All installs go through Nexus; the @kestrel scope only ever resolves from the hosted repository.
registry=http://10.0.30.13:8081/repository/npm-all/
@kestrel:registry=http://10.0.30.13:8081/repository/npm-internal/
//10.0.30.13:8081/repository/npm-all/:_authToken=\${NEXUS_NPM_TOKEN}
//10.0.30.13:8081/repository/npm-internal/:_authToken=\${NEXUS_NPM_TOKEN}
ignore-scripts=true
save-exact=true
package-lock=true
audit=false
fund=false
`;

const JENKINSFILE = `// Jenkinsfile baseline for Node.js services (platform template v4)
pipeline {
  agent { label 'linux && docker' }
  options {
    timestamps()
    timeout(time: 30, unit: 'MINUTES')
    disableConcurrentBuilds()
    buildDiscarder(logRotator(numToKeepStr: '200'))
  }
  tools {
    nodejs 'node-20.11.1'
  }
  environment {
    NPM_CONFIG_IGNORE_SCRIPTS = 'true'
    NPM_CONFIG_AUDIT = 'false'
  }
  stages {
    stage('Verify lockfile') {
      steps {
        sh 'test -f package-lock.json'
        sh 'npx --no-install lockfile-lint --path package-lock.json --type npm --allowed-hosts 10.0.30.13:8081 --allowed-schemes "http:" --validate-https=false --validate-integrity'
      }
    }
    stage('Install') {
      steps {
        withCredentials([string(credentialsId: 'nexus-npm-read-svc-build', variable: 'NEXUS_NPM_TOKEN')]) {
          sh 'npm ci --ignore-scripts --no-audit --no-fund'
        }
      }
    }
    stage('Test') {
      steps {
        sh 'npm test'
      }
    }
    stage('Image') {
      when { branch 'main' }
      steps {
        withCredentials([usernamePassword(credentialsId: 'nexus-docker-svc-deploy', usernameVariable: 'REG_USER', passwordVariable: 'REG_PASS')]) {
          sh 'echo "$REG_PASS" | docker login 10.0.30.13:8082 -u "$REG_USER" --password-stdin'
          sh 'docker build --pull -t 10.0.30.13:8082/$JOB_NAME:$GIT_COMMIT .'
          sh 'docker push 10.0.30.13:8082/$JOB_NAME:$GIT_COMMIT'
        }
      }
    }
  }
  post {
    always {
      sh 'docker logout 10.0.30.13:8082 || true'
    }
  }
}
`;

const BRANCH_PROTECTION = `# gitea-branch-protection.yml — applied to every repository of the kestrel organisation by the
# gitea-config job through POST /api/v1/repos/{owner}/{repo}/branch_protections
organization: kestrel
rules:
  - rule_name: main
    enable_push: true
    enable_push_whitelist: true
    push_whitelist_usernames: []
    push_whitelist_teams:
      - release-engineering
    enable_merge_whitelist: false
    required_approvals: 2
    block_on_rejected_reviews: true
    block_on_official_review_requests: true
    block_on_outdated_branch: true
    dismiss_stale_approvals: true
    require_signed_commits: true
    enable_status_check: true
    status_check_contexts:
      - continuous-integration/jenkins/branch
  - rule_name: release/*
    enable_push: false
    required_approvals: 2
    require_signed_commits: true
    enable_status_check: true
    status_check_contexts:
      - continuous-integration/jenkins/branch
codeowners: |
  # .gitea/CODEOWNERS — build and dependency files need a platform review
  Jenkinsfile          @kestrel/platform
  .npmrc               @kestrel/platform
  package-lock.json    @kestrel/platform
  terraform/.*         @kestrel/platform @kestrel/security
`;

const SIGNING_POLICY = `# release-signing-policy.yml — Release Engineering, version 2 (approved CAB-2025-118)
signing_service:
  host: ci-01.kestrel.internal
  key_storage: YubiHSM 2, non-exportable keys, PIN held by release engineering
  code_signing_certificate: "CN=Kestrel Freight Systems Ltd, O=Kestrel Freight Systems Ltd, C=GB (EV)"
  container_signing: cosign with the HSM-backed key kestrel-release-2025
  timestamp_authority: http://timestamp.digicert.com
baseline:
  normal_hours_utc: "07:00-19:00 Mon-Fri"
  authorized_source_ips:
    - 10.0.30.11
  authorized_users:
    - svc-deploy
    - jblake
  typical_artifact_types:
    - .msi
    - .exe
    - .dll
    - OCI image signature
controls:
  - Every signature is requested by a Jenkins release job on main or release/* and names its run.
  - Signing outside normal hours or from any other address needs a CAB emergency change.
  - The HSM audit log is forwarded to siem-01 and reconciled weekly against Jenkins runs.
  - A certificate suspected of exposure is revoked with the CA within 24 hours; do not wait for expiry.
`;

const SSHD_BASELINE = `# /etc/ssh/sshd_config — Kestrel Freight Systems hardened baseline (Ansible role: base-ssh, v3.2)
Port 22
AddressFamily inet
HostKey /etc/ssh/ssh_host_ed25519_key
HostKey /etc/ssh/ssh_host_rsa_key
KexAlgorithms sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org
Ciphers chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com
MACs hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com
SyslogFacility AUTH
LogLevel VERBOSE
LoginGraceTime 30
PermitRootLogin no
StrictModes yes
MaxAuthTries 3
MaxSessions 4
PubkeyAuthentication yes
AuthorizedKeysFile .ssh/authorized_keys
HostbasedAuthentication no
IgnoreRhosts yes
PasswordAuthentication no
PermitEmptyPasswords no
KbdInteractiveAuthentication no
AuthenticationMethods publickey
UsePAM yes
AllowGroups sysadmins releng
AllowAgentForwarding no
AllowTcpForwarding no
X11Forwarding no
PermitTunnel no
PermitUserEnvironment no
ClientAliveInterval 300
ClientAliveCountMax 2
UseDNS no
Banner /etc/issue.net
Subsystem sftp /usr/lib/openssh/sftp-server
`;

const RSYSLOG_FORWARD = `# /etc/rsyslog.d/90-forward-siem.conf — every host (application logs added per host with imfile)
module(load="imfile" PollingInterval="10")
input(type="imfile" File="/var/log/nginx/access.log" Tag="nginx-access" Facility="local6" Severity="info" freshStartTail="on")
*.* action(type="omfwd" target="10.0.40.10" port="514" protocol="tcp"
           template="RSYSLOG_SyslogProtocol23Format"
           queue.type="LinkedList" queue.filename="fwd_siem" queue.maxDiskSpace="1g"
           queue.saveOnShutdown="on" action.resumeRetryCount="-1")
`;

const reference: Reference = {
  sdlc_components: [
    {
      component: "Git Server (Gitea 1.21, git-01)",
      ip: "10.0.30.10",
      role: "Source control for the kestrel organisation; bare repositories in /srv/git/kestrel; web UI behind nginx on 443, Git over SSH as user git",
      security_baseline:
        "AD (LDAPS) sign-in only, registration disabled, branch protection on main with 2 approvals and signed commits, CODEOWNERS review for Jenkinsfile/.npmrc/lockfiles, server-side hooks disabled, webhooks only to 10.0.30.11",
    },
    {
      component: "CI/CD Server (Jenkins 2.440.3 LTS, ci-01)",
      ip: "10.0.30.11",
      role: "Builds, tests, packages and deploys every service; pipelines from Jenkinsfiles; pushes images to Nexus docker-hosted and deploys to staging",
      security_baseline:
        "Matrix authorisation via AD groups, no agent port, CSRF protection, credentials bound per stage with withCredentials, npm ci --ignore-scripts with a committed lockfile, egress only to git-01, artifacts-01 and updates.jenkins.io",
    },
    {
      component: "Artifact Repository (Nexus Repository 3.68, artifacts-01)",
      ip: "10.0.30.13:8081",
      role: "Hosted and proxy repositories for npm, PyPI, Maven and Docker (npm-all, pypi-all, maven-public groups; docker connector :8082); the only host allowed to reach public registries",
      security_baseline:
        "Hosted repositories first in every group, routing rule blocking internal names upstream, ALLOW_ONCE on hosted repositories, audit log enabled and forwarded, anonymous access disabled, svc-build read-only, svc-deploy publish-only",
    },
    {
      component: "Developer Workstation (dev-ws-114)",
      ip: "10.0.20.114",
      role: "Ubuntu workstation of Priya Raman (Senior Backend Engineer); checkouts under /home/praman/src",
      security_baseline:
        "Nexus-only npm registry with the @kestrel scope pinned to npm-internal, SSH-signed commits, no local admin for other staff, EDR and syslog forwarding, personal Nexus token with read scope",
    },
    {
      component: "DC/DNS (dc01)",
      ip: "10.0.20.10",
      role: "Samba 4.17 AD domain controller for kestrel.internal and BIND 9.18 resolver for every VLAN",
      security_baseline:
        "Recursion only for internal networks, forwarders 9.9.9.9/149.112.112.112, RPZ for known-bad domains, full query logging to /var/log/named/queries.log forwarded to the SIEM, LDAP signing and SMB2+ only",
    },
    {
      component: "Admin Jump Host (jump-01)",
      ip: "10.0.40.5",
      role: "The only path for administrators into Dev and Management VLAN servers",
      security_baseline:
        "SSH keys plus TOTP (AuthenticationMethods publickey,keyboard-interactive), agent forwarding off, auditd execve logging, sudo session logging, group-restricted logins",
    },
    {
      component: "SIEM/Log Server (siem-01)",
      ip: "10.0.40.10",
      role: "rsyslog collector for every host (/var/log/remote/<hostname>/) and kestrel-correlator alerting (/var/log/siem/alerts.json)",
      security_baseline:
        "TCP 514 from internal VLANs only, logs append-only for secops, 26 weeks online retention plus archive, high-severity alerts mailed to secops",
    },
    {
      component: "Edge Firewall and Perimeter WAN link (edge-fw01)",
      ip: "198.51.100.6 (WAN, 198.51.100.4/30 to ISP 198.51.100.5); 10.0.10.254 (inside, DMZ VLAN)",
      role: "Perimeter filtering and NAT for every VLAN; logs every session to the SIEM",
      security_baseline:
        "Default deny inbound and outbound; Dev VLAN egress allowlisted per host (only artifacts-01 reaches public registries); management only from 10.0.40.5",
    },
    {
      component: "DMZ Reverse Proxy (rproxy-01)",
      ip: "10.0.10.20",
      role: "nginx front end for the public shipment-tracking portal and the carrier webhook endpoint",
      security_baseline:
        "TLS 1.2+, no source maps or build metadata published, WAF rules on webhook paths, no route from the Internet to the Dev VLAN",
    },
    {
      component: "Staging Docker Host (stg-docker-01)",
      ip: "10.0.30.40",
      role: "Runs staging containers deployed by Jenkins as svc-deploy",
      security_baseline:
        "Only images from 10.0.30.13:8082 signed by the release key, deploy key restricted to docker compose commands",
    },
  ],
  environment_components: [
    {
      name: "Git Server (git-01)",
      ip: "10.0.30.10",
      role: "Gitea 1.21 source control with PostgreSQL 14; repositories at /srv/git/kestrel/<repo>.git",
      secure_baseline:
        "Branch protection with 2 approvals and signed commits on main, CODEOWNERS for build files, no direct pushes except release engineering, REQUIRE_SIGNIN_VIEW, webhooks restricted to ci-01",
      attack_vectors:
        "Stolen developer SSH keys or tokens pushing unreviewed commits; homoglyph or obfuscated code slipped into a large diff; pull-request comments that trigger CI with attacker-controlled input; tampering with Jenkinsfile or lockfiles",
      indicators_of_compromise:
        "Commits by unexpected authors or unsigned commits on protected branches, force-pushes, lockfile changes that add unknown packages, non-ASCII identifiers in source, pushes from addresses outside the corporate VLAN",
    },
    {
      name: "CI/CD Server (ci-01)",
      ip: "10.0.30.11",
      role: "Jenkins 2.440.3 controller with four executors; builds, tests, images and staging deploys",
      secure_baseline:
        "npm ci --ignore-scripts against a committed lockfile, pinned tools, per-stage credential binding, matrix authorisation, egress allowlist",
      attack_vectors:
        "Install-time scripts of malicious dependencies; pipeline injection through PR titles or comments; exfiltration of bound credentials and environment variables; persistence through job configuration or workspace files",
      indicators_of_compromise:
        "npm lifecycle scripts in console logs (npm info run <pkg> preinstall/postinstall), DNS lookups or connections to non-allowlisted domains during builds, unexpected changes to /var/lib/jenkins/jobs/*/config.xml, new cron entries or processes owned by jenkins",
    },
    {
      name: "Artifact Repository (artifacts-01)",
      ip: "10.0.30.13",
      role: "Nexus Repository 3.68: npm-internal, npmjs-proxy, npm-all; pypi and maven equivalents; docker-hosted on :8082",
      secure_baseline:
        "Hosted members listed before proxies in every group, routing rule blocking internal names upstream, audit log enabled, least-privilege service accounts",
      attack_vectors:
        "Dependency confusion through group ordering; typo-squatted packages cached through the proxy; stolen publish tokens used to push poisoned internal versions; repository configuration changes",
      indicators_of_compromise:
        "Proxy downloads of packages first published days ago, internal package names served from npmjs-proxy, audit entries changing group members or routing rules, publishes by unexpected users or from unexpected addresses",
    },
    {
      name: "Developer Workstation (dev-ws-114)",
      ip: "10.0.20.114",
      role: "Ubuntu 22.04 workstation of Priya Raman",
      secure_baseline:
        "Nexus-only registries, scoped registry for @kestrel, SSH commit signing, no plaintext long-lived tokens beyond the read-scoped Nexus token",
      attack_vectors:
        "Mistyped package installs, malicious lifecycle scripts running as the developer, theft of ~/.npmrc tokens, SSH keys and Git credentials",
      indicators_of_compromise:
        "Shell history with mistyped package names, npm debug logs under ~/.npm/_logs showing lifecycle scripts, DNS queries from 10.0.20.114 to unknown domains, unexpected files under node_modules with install hooks",
    },
    {
      name: "DC/DNS (dc01)",
      ip: "10.0.20.10",
      role: "Samba AD DC and BIND resolver for all VLANs",
      secure_baseline: "Recursion for internal networks only, RPZ, query logging forwarded to the SIEM",
      attack_vectors:
        "DNS tunnelling and exfiltration through recursive lookups, lookups of attacker infrastructure from build hosts, AD credential abuse",
      indicators_of_compromise:
        "Long, high-entropy or hex-encoded labels under one registered domain, first-seen domains queried by 10.0.30.0/24 hosts, bursts of lookups during CI runs",
    },
    {
      name: "Admin Jump Host (jump-01)",
      ip: "10.0.40.5",
      role: "Administrative access path with MFA",
      secure_baseline: "Publickey plus TOTP, no agent forwarding, auditd execve logging",
      attack_vectors:
        "Abuse of an administrator session to change Nexus, Jenkins or Gitea configuration; credential theft from admin home directories",
      indicators_of_compromise:
        "Configuration API calls (curl -X PUT/POST to Nexus or Jenkins) outside change windows, logins from unexpected workstations, new authorized_keys entries",
    },
    {
      name: "SIEM/Log Server (siem-01)",
      ip: "10.0.40.10",
      role: "Central rsyslog store and kestrel-correlator alerts",
      secure_baseline:
        "Append-only storage for remote logs, alert rules for new domains, DNS entropy, Dev VLAN egress and fresh proxy components",
      attack_vectors:
        "Log deletion or tampering to hide activity; alert fatigue hiding true positives among closed benign alerts",
      indicators_of_compromise:
        "Gaps in /var/log/remote/<host>/ files, disabled rules, alerts left in status new for build hosts",
    },
    {
      name: "Edge Firewall (edge-fw01)",
      ip: "198.51.100.6",
      role: "Perimeter firewall and NAT on the 198.51.100.4/30 WAN link, inside interface 10.0.10.254 on the DMZ VLAN",
      secure_baseline: "Default deny with per-host egress allowlists, session logging to the SIEM",
      attack_vectors:
        "Outbound exfiltration over HTTPS or DNS from build hosts, C2 beacons from compromised workstations",
      indicators_of_compromise:
        "Allowed sessions from 10.0.30.0/24 to destinations outside the egress allowlist, periodic small POSTs, sessions to newly registered domains",
    },
  ],
  baseline_configs: [
    {
      id: "nexus-npm-group",
      title: "Nexus npm repositories: hosted first in npm-all, internal names blocked upstream",
      lang: "json",
      code: NEXUS_NPM_BASELINE,
    },
    { id: "nexus-cleanup-policy", title: "Nexus cleanup policies", lang: "json", code: NEXUS_CLEANUP },
    {
      id: "npmrc-scoped-registry",
      title: ".npmrc with the @kestrel scope pinned to npm-internal",
      lang: "ini",
      code: NPMRC,
    },
    {
      id: "jenkinsfile-pinned-tools",
      title: "Jenkinsfile with pinned Node.js, verified lockfile and no install scripts",
      lang: "groovy",
      code: JENKINSFILE,
    },
    {
      id: "gitea-branch-protection",
      title: "Gitea branch protection and CODEOWNERS for the kestrel organisation",
      lang: "yaml",
      code: BRANCH_PROTECTION,
    },
    {
      id: "release-signing-policy",
      title: "Release signing policy and signing baseline",
      lang: "yaml",
      code: SIGNING_POLICY,
    },
    { id: "sshd-config", title: "Hardened sshd_config for build servers", lang: "sshd_config", code: SSHD_BASELINE },
    { id: "rsyslog-forward", title: "rsyslog forwarding to siem-01", lang: "rsyslog", code: RSYSLOG_FORWARD },
  ],
  tool_definitions: [
    {
      name: "get_network_topology",
      description:
        "Returns the static network map: the segments (Corporate VLAN 10.0.20.0/24, Dev VLAN 10.0.30.0/24, Management VLAN 10.0.40.0/24, DMZ 10.0.10.0/24, Perimeter WAN 198.51.100.4/30) and every host with its name, hostname, IP address, OS, segment and roles. Takes no arguments. Call it first to learn which host roles exist and how to address them in the other tools.",
      example_implementation_command:
        "ssh jump-01 'ansible-inventory -i /srv/ansible/inventories/kestrel/hosts.yml --list' | jq '._meta.hostvars | map_values({ansible_host, kestrel_role, os: .ansible_distribution})'",
    },
    {
      name: "execute_shell_command",
      description:
        'Runs one read-only shell command on a host, addressed by role (device_role, e.g. "CI/CD Server") with the command line in command_with_args. Bash semantics with pipes: cat, grep, awk, sed, find, ls -l, head, tail, sort, uniq, wc, jq, base64, sha256sum, plus ps, ss/netstat, journalctl, systemctl status, crontab -l, last, id and read-only git log/show/diff/blame inside /srv/git/kestrel/<repo>.git on the Git server. Output is capped at 16 KiB, so filter with grep or tail. Never use it to change, delete or execute suspicious files.',
      example_implementation_command:
        "ssh ci-01 'journalctl -u jenkins --since \"2 hours ago\" --no-pager | tail -n 200'",
    },
    {
      name: "get_commit_diff",
      description:
        "Shows one commit of a repository on the Git server: author, date, message and the unified diff. repository is the repository name (e.g. a service name), commit is a full or abbreviated (7+ hex) hash, HEAD or a branch name. Use it to see exactly what a commit changed in package.json, lockfiles, Jenkinsfiles or source.",
      example_implementation_command:
        "ssh git-01 'git -C /srv/git/kestrel/<repo>.git show --format=fuller --patch <commit>'",
    },
    {
      name: "get_ci_pipeline_log",
      description:
        "Reads Jenkins pipeline logs. With only pipeline (the job name) it lists the recent runs with run id, result, branch, commit, trigger and start time; with run_id it returns that run's full console log with timestamps, including checkout revision, npm output and credential bindings.",
      example_implementation_command:
        'curl -s -u analyst:$JENKINS_API_TOKEN "https://ci.kestrel.internal/job/<pipeline>/api/json?tree=builds[number,result,timestamp]" && curl -s -u analyst:$JENKINS_API_TOKEN "https://ci.kestrel.internal/job/<pipeline>/<run_id>/consoleText"',
    },
    {
      name: "search_artifact_repository",
      description:
        "Searches Nexus by package name (case-insensitive substring) and returns every matching package with its repository (hosted or proxy), metadata (author, first published, downloads), every version with publisher, publish date, sha256 and notable files (package.json, install scripts), plus the configuration of any repository group whose name matches the query or the optional repository filter (its memberNames, in resolution order).",
      example_implementation_command:
        'curl -s -u analyst: "http://10.0.30.13:8081/service/rest/v1/search?name=<query>&repository=<repository>" | jq \'.items[] | {repository, name, version}\' && curl -s -u analyst: "http://10.0.30.13:8081/service/rest/v1/repositories/npm/group/npm-all" | jq .group.memberNames',
    },
    {
      name: "get_file_content",
      description:
        "Returns the content of one file on one host, addressed by role (device_role) and absolute path; for log files this is the whole log including background lines. Use it for configuration files, shell histories, package manifests under node_modules and logs small enough to read whole; use execute_shell_command with grep for large logs.",
      example_implementation_command:
        "ssh artifacts-01 'sudo cat /opt/sonatype/sonatype-work/nexus3/etc/nexus.properties'",
    },
  ],
  network_devices: [
    {
      name: "Developer Workstation",
      host: "dev-ws-114",
      os: "Ubuntu 22.04.4 LTS",
      ip: "10.0.20.114",
      roles: ["Developer workstation (Priya Raman)", "Node.js 20 development"],
      policies: [
        "npm registry is Nexus npm-all; @kestrel scope pinned to npm-internal",
        "SSH-signed commits",
        "Logs forwarded to siem-01",
      ],
      misconfig: null,
      ioc: [
        "DNS lookups from 10.0.20.114 to first-seen domains",
        "npm lifecycle scripts of unknown packages in ~/.npm/_logs",
        "Use of the praman Nexus token from other addresses",
      ],
    },
    {
      name: "Admin Jump Host",
      host: "jump-01",
      os: "Debian 12 (OpenSSH 9.2p1)",
      ip: "10.0.40.5",
      roles: ["Administrative SSH bastion"],
      policies: ["Publickey plus TOTP", "Agent forwarding disabled", "auditd execve logging"],
      // Scenario 1's finding on this device (case s1-mgmt): one device, one state in both scenarios.
      misconfig: {
        example:
          "/etc/ssh/sshd_config: `PermitRootLogin yes`, `PasswordAuthentication yes`, no AllowGroups and no MaxAuthTries (default 6), AllowAgentForwarding and AllowTcpForwarding yes — while port 22 is forwarded from the internet for the vendor.",
        reason:
          "The internet can guess the shared root password at leisure; once in, root on the bastion can hijack administrators' forwarded SSH agents and open reverse tunnels, i.e. reach every Mgmt and ICS system the admins can.",
      },
      ioc: [
        "Configuration API calls to Nexus or Jenkins outside change windows",
        "Logins from addresses other than staff workstations",
      ],
    },
    {
      name: "SIEM/Log Server",
      host: "siem-01",
      os: "Rocky Linux 9.4 (rsyslog, Wazuh 4.7)",
      ip: "10.0.40.10",
      roles: ["rsyslog collector", "kestrel-correlator alerting"],
      policies: [
        "Remote logs under /var/log/remote/<hostname>/",
        "Alerts in /var/log/siem/alerts.json",
        "26 weeks online retention",
      ],
      misconfig: null,
      ioc: ["Gaps or truncation in remote log files", "Correlation rules disabled"],
    },
    {
      name: "CI/CD Server",
      host: "ci-01",
      os: "Ubuntu 22.04.4 LTS (Jenkins 2.440.3 LTS)",
      ip: "10.0.30.11",
      roles: ["Jenkins 2.440.3 LTS controller", "Docker image builds", "Staging deployments"],
      policies: [
        "Matrix authorisation via AD groups",
        "Credentials bound per stage",
        "Egress only to git-01, artifacts-01 and updates.jenkins.io",
      ],
      // Scenario 1's finding on this device (case s1-dev): one device, one state in both scenarios.
      misconfig: {
        example:
          'config.xml: `<authorizationStrategy class="hudson.security.AuthorizationStrategy$Unsecured"/>` with `<securityRealm class="hudson.security.SecurityRealm$None"/>` ("Anyone can do anything").',
        reason:
          "Every client that reaches port 8080 is an anonymous administrator: it can read all stored credentials and run arbitrary Groovy in the script console (/script, /scriptText) as the jenkins OS user.",
      },
      ioc: [
        "npm lifecycle scripts of unexpected packages in console logs",
        "Connections or DNS lookups to non-allowlisted destinations during builds",
      ],
    },
    {
      name: "Artifact Repository",
      host: "artifacts-01",
      os: "Ubuntu 22.04.4 LTS (Nexus Repository 3.68)",
      ip: "10.0.30.13",
      roles: ["Nexus Repository 3.68 on :8081", "Docker registry connector :8082"],
      policies: [
        "Hosted repositories first in every group",
        "Routing rule blocking internal names upstream",
        "Audit log enabled",
      ],
      misconfig: null,
      ioc: ["Internal package names served from npmjs-proxy", "Group member or routing rule changes in the audit log"],
    },
    {
      name: "Git Server",
      host: "git-01",
      os: "Ubuntu 22.04.4 LTS (Gitea 1.21)",
      ip: "10.0.30.10",
      roles: ["Gitea 1.21", "Git over SSH"],
      policies: ["Branch protection on main", "Signed commits", "Webhooks only to ci-01"],
      misconfig: null,
      ioc: ["Unsigned or force-pushed commits on main", "Pushes from unexpected addresses"],
    },
    {
      name: "DC/DNS",
      host: "dc01",
      os: "Debian 12 (Samba 4.17 AD DC, BIND 9.18)",
      ip: "10.0.20.10",
      roles: ["Samba 4.17 AD DC", "BIND 9.18 resolver"],
      policies: [
        "Recursion for internal networks only",
        "RPZ for known-bad domains",
        "Query logging forwarded to the SIEM",
      ],
      // Scenario 1's finding on this device (case s1-corp): one device, one state in both scenarios.
      misconfig: {
        example:
          "named.conf.options: `allow-transfer { any; };`, `recursion yes;` with `allow-recursion { any; };` and `allow-query { any; };` — reachable from the internet through a legacy perimeter DNAT of 53/udp+tcp.",
        reason:
          "Anyone can AXFR the AD-integrated kestrel.internal and _msdcs zones — a complete map of every server, the domain controller's SRV records and the ICS hosts — and the DC works as an open resolver for amplification attacks and cache-poisoning attempts.",
      },
      ioc: ["High-entropy labels under one domain", "First-seen domains queried by build hosts"],
    },
    {
      name: "Edge Firewall",
      host: "edge-fw01",
      os: "FortiOS 7.4.4 (FortiGate 100F)",
      ip: "198.51.100.6",
      roles: [
        "Perimeter firewall and NAT",
        "WAN 198.51.100.4/30 to ISP gateway 198.51.100.5",
        // 10.0.10.1 is the core switch's DMZ interface; the core's default route points here.
        "Inside interface 10.0.10.254 on the DMZ VLAN",
      ],
      policies: [
        "Default deny inbound and outbound",
        "Per-host egress allowlist for the Dev VLAN",
        "Session logs to siem-01",
        "Administration only from 10.0.40.5",
      ],
      misconfig: null,
      ioc: ["Allowed sessions from 10.0.30.0/24 to non-allowlisted destinations", "Inbound scans against 198.51.100.6"],
    },
    {
      name: "ISP Gateway",
      host: "isp-gw",
      os: "ISP-managed router",
      ip: "198.51.100.5",
      roles: ["Upstream end of the perimeter WAN /30"],
      policies: ["Managed by the ISP; no Kestrel administrative access"],
      misconfig: null,
      ioc: [],
    },
    {
      name: "Core Switch",
      host: "core-sw-01",
      os: "Cisco IOS XE 17.9.4 (Catalyst 9300)",
      ip: "10.0.40.1",
      roles: [
        "Layer-3 core of all five VLANs (DMZ, Corp, Dev, Mgmt, ICS)",
        "Inter-VLAN routing, unfiltered: zone policy relies on host firewalls",
        "Management VLAN gateway",
      ],
      policies: [
        "Management only over SSH v2 from the jump host 10.0.40.5 (vty access-class MGMT-ONLY); Telnet is never enabled.",
        "SNMP is v3 authPriv only, read-only, restricted to the SIEM poller 10.0.40.10; no v1/v2c communities.",
        "Every configuration change is logged (archive log config) and forwarded to siem-01; the running config is saved only after review.",
        "Local accounts exist only for named network engineers; no shared or service admin accounts.",
        "Inter-VLAN routing on the core is unfiltered — zone policy relies on host firewalls (risk register RSK-014).",
      ],
      // Scenario 1's finding on this device (case s1-mgmt): one device, one state in both scenarios.
      misconfig: {
        example:
          "`snmp-server community public RW` with no access list (added for a 2024 firmware-inventory tool and never removed) and `transport input telnet ssh` on every vty line without an access-class.",
        reason:
          "Anyone who can route to 10.0.40.1 can read and rewrite the whole configuration with the default community (CISCO-CONFIG-COPY-MIB), and log in over cleartext Telnet: full control of the routing core of every zone, and of what it mirrors where.",
      },
      ioc: ["ACL changes outside change windows", "New trunk or SPAN sessions"],
    },
    {
      name: "DMZ Reverse Proxy",
      host: "rproxy-01",
      os: "Ubuntu 22.04.4 LTS (nginx 1.24)",
      ip: "10.0.10.20",
      roles: ["Public shipment-tracking portal (track.kestrelfreight.com)", "Carrier webhook endpoint"],
      policies: ["TLS 1.2+", "WAF rules on webhook paths", "No source maps published"],
      misconfig: null,
      ioc: ["Requests for *.map or build manifests", "Webhook calls from unknown carrier addresses"],
    },
    {
      name: "Driver App API",
      host: "drv-api-01",
      os: "Ubuntu 22.04.4 LTS (Node.js 20)",
      ip: "10.0.10.21",
      roles: ["driver-api service of the driver app (drivers.kestrelfreight.com, published through rproxy-01)"],
      policies: [
        "Deployed only by Jenkins (deploy-drv-api) after release-engineering approval",
        "Application log forwarded to siem-01",
      ],
      misconfig: null,
      ioc: ["Deployments that did not come from a Jenkins run", "Calls to /internal routes from internet addresses"],
    },
    {
      name: "VPN Gateway",
      host: "vpn-gw-01",
      os: "Debian 12 (strongSwan 5.9)",
      ip: "10.0.10.5",
      roles: [
        "IKEv2 remote-access VPN (strongSwan 5.9.8, charon-systemd) for staff and contractors, vpn.kestrelfreight.com",
        "Assigns virtual IPs from the pool 10.0.10.150-10.0.10.169 and routes them to Corp and Dev",
      ],
      policies: [
        "Certificate authentication only (per-person client certificates from the Kestrel VPN CA); no shared or password accounts.",
        "Contractor certificates are revoked through the CRL on offboarding or on any suspicion of compromise.",
        "The VPN pool reaches only Corp 10.0.20.0/24 and Dev 10.0.30.0/24; Mgmt and ICS are reached through the jump host.",
        "charon logs every session (peer address, certificate identity, virtual IP) to /var/log/charon.log.",
      ],
      misconfig: null,
      ioc: ["Concurrent sessions for one certificate from two countries", "Logins outside the user's usual hours"],
    },
    {
      name: "HR Portal",
      host: "hr-portal",
      os: "Windows Server 2019 (IIS 10)",
      ip: "10.0.10.40",
      roles: ["HR self-service portal (hr.kestrelfreight.com)"],
      policies: [
        "AD SSO",
        "Published through the edge firewall on 443 only",
        // Legacy TLS for the warehouse kiosks was listed here with no case behind it: baseline only.
        "TLS 1.2 and 1.3 only (SCHANNEL TLS 1.0 and 1.1 disabled)",
      ],
      misconfig: null,
      ioc: ["TLS 1.0 handshakes from Internet addresses"],
    },
    {
      name: "Mail Relay",
      host: "mail-relay-01",
      os: "Debian 12 (Postfix 3.7)",
      ip: "10.0.10.25",
      roles: [
        "Outbound SMTP relay (Postfix 3.7.10) for applications and devices: CRM, SIEM, Jenkins, Gitea, MFPs",
        "Relays to Microsoft 365 (kestrelfreight.com) and to customers' mail servers; public address 192.0.2.25 is in the kestrelfreight.com SPF record",
      ],
      policies: [
        "Only Kestrel's internal networks are in mynetworks; the relay never relays for internet clients.",
        "smtpd_relay_restrictions ends in reject_unauth_destination.",
        "Third parties that send as kestrelfreight.com (FreightHub) authenticate with SASL on 587; they are never added to mynetworks.",
        "Inbound 25/tcp from the internet is closed at the perimeter; the relay is outbound-only.",
        "mail.log is kept 90 days and shipped to the SIEM.",
      ],
      // Scenario 1's finding on this device (case s1-dmz): one device, one state in both scenarios.
      misconfig: {
        example:
          "main.cf: `mynetworks = ... 10.0.40.0/24 0.0.0.0/0` with `smtpd_relay_restrictions = permit_mynetworks permit_sasl_authenticated defer_unauth_destination`.",
        reason:
          "0.0.0.0/0 makes every IPv4 client a trusted network, so permit_mynetworks lets anyone on the internet relay mail to any domain through Kestrel's SPF-authorised relay: an open relay for spam and phishing that also gets Kestrel's mail IP blocklisted.",
      },
      ioc: ["Mail from build hosts to external recipients", "Relay attempts from the Internet"],
    },
    {
      name: "Print Server",
      host: "print-01",
      os: "Windows Server 2019",
      // 10.0.20.30 is fs-01, the file server.
      ip: "10.0.20.35",
      roles: ["Print queues for offices and warehouses"],
      policies: [
        "Point and Print restricted to approved servers",
        "Spooler disabled on other servers",
        // A public SNMPv2c community was listed here with no case behind it: baseline only.
        "Printer status polled over SNMPv3 authPriv only; no v1/v2c communities",
      ],
      misconfig: null,
      ioc: ["SNMP queries from hosts other than the monitoring server"],
    },
    {
      name: "Test Database",
      host: "testdb-01",
      os: "Ubuntu 22.04.4 LTS (PostgreSQL 15)",
      ip: "10.0.30.20",
      roles: [
        "PostgreSQL 15 test database for freight-rates-api integration tests",
        "Holds freightops_copy, a weekly copy of the production FreightOps customer and billing database",
      ],
      policies: [
        "PostgreSQL listens on localhost and 10.0.30.20 only; 5432 is reachable only from ci-01 and the developer VLAN.",
        "Remote access uses hostssl with scram-sha-256 for named roles; trust is never used for TCP connections; everything else is rejected.",
        "Production personal data is masked before it is loaded into a test system.",
        "Superuser roles are created only through change requests; log_connections and log_statement = 'mod' stay on.",
      ],
      // Scenario 1's finding on this device (case s1-dev): one device, one state in both scenarios.
      misconfig: {
        example:
          "postgresql.conf `listen_addresses = '*'` and pg_hba.conf `host all all 0.0.0.0/0 trust` (a 'temporary' line for INC-20877).",
        reason:
          "Any host that reaches 5432 can log in as any role, including the superuser postgres, without a password: it can read the production customer copy, create backdoor roles and run OS commands through COPY ... FROM PROGRAM.",
      },
      ioc: [
        "`connection received: host=` from addresses that are neither ci-01 nor the developer workstations",
        "CREATE ROLE ... SUPERUSER or COPY ... FROM PROGRAM in the PostgreSQL log",
        "application_name=pg_dump sessions from outside the backup process",
      ],
    },
    {
      name: "Staging Docker Host",
      host: "stg-docker-01",
      os: "Ubuntu 22.04.4 LTS (Docker 26)",
      ip: "10.0.30.40",
      roles: ["Staging containers deployed by Jenkins"],
      policies: ["Deployments only by svc-deploy from 10.0.30.11", "Images only from 10.0.30.13:8082"],
      misconfig: null,
      ioc: [
        "Containers from images not in docker-hosted",
        "Outbound connections from staging containers to the Internet",
      ],
    },
    {
      name: "Backup Server",
      host: "backup-01",
      os: "Ubuntu 22.04.4 LTS (rsync 3.2.7 daemon)",
      ip: "10.0.40.20",
      roles: ["Backups of Jenkins home, Nexus blob stores, Gitea dumps and Samba"],
      policies: [
        "The rsync daemon is push-only (write only = yes) and authenticated per client (auth users + secrets file).",
        "Only the listed backup clients may connect (hosts allow), never the Corp VLAN.",
        "Backups are restored only on backup-01 itself or via the jump host with a ticket.",
        "Backup archives and logs are never modified outside the retention job.",
      ],
      // Scenario 1's finding on this device (case s1-mgmt): one device, one state in both scenarios.
      misconfig: {
        example:
          "/etc/rsyncd.conf: modules [hosts] and [db] with `hosts allow = *`, `read only = no`, `list = yes` and the `auth users`/`secrets file` lines commented out since June 2025.",
        reason:
          "Anyone who can reach TCP 873 can list, download and overwrite every server's nightly backup — the AD database, /etc/shadow files, SSH keys, application secrets and the customer databases — without a password.",
      },
      ioc: [
        "`connect from UNKNOWN` or Corp-VLAN addresses in /var/log/rsyncd.log",
        "`rsync on` (downloads) outside restore tickets; `module-list request`",
        "Files in /srv/backups that no backup client writes",
      ],
    },
  ],
};

/** The Scenario 2 description and reference materials (console: Scenario Description, Reference Materials). */
export const REFERENCE: { description: string; reference: Reference } = {
  description: DESCRIPTION,
  reference,
};
