import type { Random } from "../../../random";
import { perFile, type ProfileInput } from "../../context";
import { syslogTime } from "../../log-time";
import { type Emit, MINUTE, SECOND, type Source } from "../engine";
import { clients } from "../internet";
import type { Hit, WebApp } from "../web";

/**
 * Gitea: developers reading code, reviewing and merging pull requests in the browser, git over
 * smart HTTP (clone, fetch, push, each first answered 401 until the credential helper answers),
 * and the CI server fetching sources and reporting commit statuses through the API.
 *
 * Its own access log (format apache-access) names the signed-in user on every request and prints
 * an empty referer as ""; behind nginx (nginx-access) only HTTP basic auth shows a user.
 */

const DEFAULT_REPOS = [
  "kestrel/shipment-tracker",
  "kestrel/dispatch-api",
  "kestrel/rate-engine",
  "kestrel/customs-gateway",
  "kestrel/warehouse-ui",
  "kestrel/kestrel-ui-kit",
  "kestrel/helm-charts",
  "kestrel/platform-docs",
  "kestrel/ansible-playbooks",
  "kestrel/billing-service",
  "kestrel/driver-app",
  "kestrel/infra-live",
];
const VERSION = "1.21.11";
const GIT_AGENTS = ["git/2.43.0", "git/2.34.1", "git/2.43.0", "git/2.39.2"];
const FILES = [
  "README.md",
  "package.json",
  "src/index.ts",
  "Jenkinsfile",
  "Dockerfile",
  "src/api/routes.ts",
  "docs/setup.md",
  "values.yaml",
];

/** Who uses which machine: `users` by position when they pair with `peers`, else drawn. */
const state = perFile("gitea:state", (r, ctx) => {
  const users = ctx.users.length ? ctx.users : ["developer"];
  const byClient = new Map(clients(r, ctx).map((ip) => [ip, r.pick(users)]));
  return { byClient, shas: Array.from({ length: 300 }, () => r.hex(40)) };
});

export function gitea(fileRng: Random, input: ProfileInput): WebApp {
  const repos = input.options.names ?? DEFAULT_REPOS;
  const own = input.format === "apache-access";
  const origin = own ? "" : "https://git.kestrel.internal";
  const emptyReferer = own ? "" : "-";
  const paired = input.options.peers && input.options.users?.length === input.options.peers.length;
  const byPosition = paired ? new Map(input.options.peers!.map((ip, i) => [ip, input.options.users![i]!])) : undefined;
  const s = () => {
    const st = state(fileRng, input.ctx);
    return byPosition ? { ...st, byClient: byPosition } : st;
  };
  const ref = (path: string) => (own ? "" : `${origin}${path}`);
  const sha = (rng: Random) => rng.pick(s().shas);

  /** A browser session of one developer. */
  const browse = (rng: Random, ip: string): Hit[] => {
    const user = s().byClient.get(ip) ?? rng.pick(input.ctx.users.length ? input.ctx.users : ["developer"]);
    const who = own ? user : undefined;
    const hits: Hit[] = [];
    let t = 0;
    let referer = emptyReferer;
    const get = (path: string, bytes: [number, number], status = 200) => {
      hits.push({
        dt: t,
        method: "GET",
        path,
        status,
        bytes: status === 304 ? 0 : rng.int(...bytes),
        referer,
        user: who,
      });
      if (rng.chance(0.5))
        for (const asset of [
          `/assets/css/index.css?v=${VERSION}`,
          `/assets/js/index.js?v=${VERSION}`,
          `/assets/js/webcomponents.js?v=${VERSION}`,
        ])
          hits.push({
            dt: t + rng.int(60, 400),
            method: "GET",
            path: asset,
            status: 304,
            bytes: 0,
            referer: ref(path),
            user: who,
          });
      referer = ref(path);
      t += rng.int(5, 150) * SECOND;
    };
    const pages = rng.int(1, 12);
    const repo = rng.pick(repos);
    for (let i = 0; i < pages; i++) {
      const r = rng.next();
      const n = rng.int(1, 240);
      if (r < 0.1) get("/", [18_000, 32_000]);
      else if (r < 0.22) get(`/${repo}`, [24_000, 52_000]);
      else if (r < 0.34) get(`/${repo}/src/branch/main/${rng.pick(FILES)}`, [16_000, 90_000]);
      else if (r < 0.44) get(`/${repo}/commits/branch/main`, [28_000, 44_000]);
      else if (r < 0.52) get(`/${repo}/commit/${sha(rng)}`, [22_000, 160_000]);
      else if (r < 0.6) get(`/${repo}/pulls`, [20_000, 36_000]);
      else if (r < 0.74) get(`/${repo}/pulls/${n}`, [30_000, 70_000]);
      else if (r < 0.84) get(`/${repo}/pulls/${n}/files`, [26_000, 180_000]);
      else if (r < 0.88) get(`/${repo}/issues`, [19_000, 30_000]);
      else if (r < 0.91) get("/notifications", [12_000, 20_000]);
      else if (r < 0.95) {
        hits.push({
          dt: t,
          method: "POST",
          path: `/${repo}/issues/${n}/comments`,
          status: 200,
          bytes: rng.int(1_800, 3_200),
          referer: ref(`/${repo}/pulls/${n}`),
          user: who,
        });
        t += rng.int(20, 200) * SECOND;
      } else if (r < 0.985) {
        hits.push({
          dt: t,
          method: "POST",
          path: `/${repo}/pulls/${n}/files/reviews/submit`,
          status: 303,
          bytes: 0,
          referer: ref(`/${repo}/pulls/${n}/files`),
          user: who,
        });
        t += rng.int(5, 60) * SECOND;
      } else {
        hits.push({
          dt: t,
          method: "POST",
          path: `/${repo}/pulls/${n}/merge`,
          status: 303,
          bytes: 0,
          referer: ref(`/${repo}/pulls/${n}`),
          user: who,
        });
        t += rng.int(5, 60) * SECOND;
      }
    }
    // The notification badge polls while a tab is open.
    for (let p = 25 * SECOND; p < t; p += rng.int(25, 35) * SECOND)
      hits.push({
        dt: p,
        method: "GET",
        path: "/api/v1/notifications/new",
        status: 200,
        bytes: 13,
        referer,
        user: who,
      });
    return hits;
  };

  /** git fetch, pull or push over smart HTTP: 401 without credentials first, then with them. */
  const git = (rng: Random, user: string, agent: string, push: boolean): Hit[] => {
    const repo = rng.pick(repos);
    const service = push ? "git-receive-pack" : "git-upload-pack";
    const hits: Hit[] = [];
    let t = 0;
    if (rng.chance(0.6)) {
      hits.push({
        dt: t,
        method: "GET",
        path: `/${repo}.git/info/refs?service=${service}`,
        status: 401,
        bytes: own ? 0 : 15,
        agent,
        user: undefined,
        referer: emptyReferer,
      });
      t += rng.int(5, 120);
    }
    hits.push({
      dt: t,
      method: "GET",
      path: `/${repo}.git/info/refs?service=${service}`,
      status: 200,
      bytes: rng.int(380, 2_400),
      agent,
      user,
      referer: emptyReferer,
    });
    t += rng.int(40, 600);
    hits.push({
      dt: t,
      method: "POST",
      path: `/${repo}.git/${service}`,
      status: 200,
      bytes: push ? rng.int(150, 1_600) : rng.chance(0.8) ? rng.int(180, 40_000) : rng.int(40_000, 9_000_000),
      agent,
      user,
      referer: emptyReferer,
    });
    return hits;
  };

  return {
    origin,
    h2: !own,
    emptyReferer,
    staff: (rng, _input, v) => {
      if (rng.chance(0.45)) return browse(rng, v.ip);
      const user = s().byClient.get(v.ip) ?? "developer";
      return git(rng, user, rng.pick(GIT_AGENTS), rng.chance(0.25));
    },
    sources: (_input, line) => {
      const server = input.options.hosts?.[0] ?? { name: "ci-01", ip: "10.0.30.11", user: "jenkins" };
      const ci: Source = {
        weight: 0.3 / 5,
        rhythm: "office",
        event: (rng, ms, emit) => {
          // A build fetching its sources, then reporting its status on the commit.
          const v = { ip: server.ip, agent: "git/2.39.2", h2: false };
          const bot = server.user ?? "jenkins";
          for (const h of git(rng, bot, "git/2.39.2", false)) emit(ms + h.dt, line(v, ms + h.dt, h));
          const repo = rng.pick(repos);
          const api = { ...v, agent: "Apache-HttpClient/4.5.14 (Java/17.0.10)" };
          for (const [i, state] of ["pending", "success"].entries()) {
            const at = ms + (i === 0 ? rng.int(2, 20) * SECOND : rng.int(2, 25) * MINUTE);
            if (state === "success" && rng.chance(0.15)) continue;
            emit(
              at,
              line(api, at, {
                dt: 0,
                method: "POST",
                path: `/api/v1/repos/${repo}/statuses/${sha(rng)}`,
                status: 201,
                bytes: rng.int(900, 1_300),
                user: bot,
                referer: emptyReferer,
              }),
            );
          }
        },
      };
      return [ci];
    },
    crawl: () => [],
    health: { path: "/api/healthz", status: 200, bytes: [290, 310] },
    root: (rng) => ({ status: 200, bytes: rng.int(11_000, 13_000) }),
    notFound: (rng) => ({ status: 404, bytes: own ? 0 : rng.int(10_900, 11_400) }),
  };
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  303: "See Other",
  304: "Not Modified",
  401: "Unauthorized",
  404: "Not Found",
};

/** The handler Gitea's router names for a path. */
function handler(method: string, path: string): string {
  const p = path.split("?")[0]!;
  if (p.endsWith("/info/refs")) return "repo/githttp.go:532(repo.GetInfoRefs)";
  if (p.endsWith("/git-upload-pack")) return "repo/githttp.go:486(repo.ServiceUploadPack)";
  if (p.endsWith("/git-receive-pack")) return "repo/githttp.go:491(repo.ServiceReceivePack)";
  if (p.includes("/statuses/")) return "repo/status.go:24(repo.NewCommitStatus)";
  if (p === "/api/v1/notifications/new") return "notify/user.go:174(notify.NewAvailable)";
  if (p === "/api/healthz") return "healthcheck/check.go:67(healthcheck.Check)";
  if (p === "/user/login") return "auth/auth.go:162(auth.SignIn)";
  if (p === "/") return "web/home.go:33(web.Home)";
  if (p === "/notifications") return "user/notification.go:47(user.Notifications)";
  if (p.endsWith("/files/reviews/submit")) return "repo/pull_review.go:195(repo.SubmitReview)";
  if (p.endsWith("/merge")) return "repo/pull.go:1118(repo.MergePullRequest)";
  if (p.endsWith("/comments")) return "repo/issue.go:3155(repo.NewComment)";
  if (/\/pulls\/\d+\/files$/.test(p)) return "repo/pull.go:760(repo.ViewPullFiles)";
  if (/\/(pulls|issues)\/\d+$/.test(p)) return "repo/issue.go:1257(repo.ViewIssue)";
  if (/\/(pulls|issues)$/.test(p)) return "repo/issue.go:473(repo.Issues)";
  if (p.includes("/commits/")) return "repo/commit.go:67(repo.Commits)";
  if (p.includes("/commit/")) return "repo/commit.go:262(repo.Diff)";
  if (p.includes("/src/")) return "repo/view.go:1105(repo.Home)";
  return method === "GET" ? "repo/view.go:1043(repo.Home)" : "repo/issue.go:1257(repo.ViewIssue)";
}

/**
 * Gitea's own router log, as rsyslog stores it in the host's syslog (profile `gitea` of the syslog
 * format): the same visits as its access log, one "router: completed" line per request (static
 * assets are not logged), with the client's port 0 behind the reverse proxy.
 */
export function giteaRouterSources(fileRng: Random, input: ProfileInput, hostname: string): Source[] {
  const app = gitea(fileRng, { ...input, format: "nginx-access" });
  const pid = 944;
  const line = (v: { ip: string }, ms: number, h: Hit) => {
    const d = new Date(ms).toISOString();
    const stamp = `${d.slice(0, 4)}/${d.slice(5, 7)}/${d.slice(8, 10)} ${d.slice(11, 19)}`;
    const took = h.bytes > 1_000_000 ? fileRng.int(800, 9_000) : fileRng.int(15, 900) / 10;
    return `${stamp} ...eb/routing/logger.go:102:func1() [I] router: completed ${h.method} ${h.path} for ${v.ip}:0, ${h.status} ${STATUS_TEXT[h.status] ?? "OK"} in ${took.toFixed(1)}ms @ ${handler(h.method, h.path)}`;
  };
  const syslog = (ms: number, text: string) => `${syslogTime(ms)} ${hostname} gitea[${pid}]: ${text}`;
  const routed =
    (emit: Emit): Emit =>
    (ms, text) =>
      emit(ms, syslog(ms, text));
  const staff: Source = {
    weight: 1,
    rhythm: "office",
    event: (rng, ms, emit) => {
      const ip = rng.pick(clients(rng, input.ctx));
      for (const h of app.staff(rng, input, { ip, agent: "", h2: true }))
        if (!h.path.startsWith("/assets/")) emit(ms + h.dt, syslog(ms + h.dt, line({ ip }, ms + h.dt, h)));
    },
  };
  const extra = (app.sources?.(input, (v, ms, h) => line(v, ms, h)) ?? []).map((s) => ({
    ...s,
    event: (rng: Random, ms: number, emit: Emit) => s.event(rng, ms, routed(emit)),
  }));
  return [staff, ...extra];
}
