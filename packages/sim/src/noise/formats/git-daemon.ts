import { type Generator, clientPort, peer } from "../context";
import { slashTime } from "../log-time";

const REPOS = ["shipment-tracker", "rate-engine", "customs-gateway", "warehouse-ui", "platform-docs", "infra-modules"];

/** Gitea's router log (gitea.log): clones over smart HTTP and web page views. */
export const gitDaemon: Generator = (rng, ctx, ms) => {
  const repo = rng.pick(REPOS);
  const path = rng.pick([
    `/kestrel/${repo}.git/info/refs?service=git-upload-pack`,
    `/kestrel/${repo}.git/git-upload-pack`,
    `/kestrel/${repo}/pulls`,
    `/kestrel/${repo}/commits/branch/main`,
    "/user/events",
    "/api/v1/repos/search?q=&limit=10",
  ]);
  return `${slashTime(ms)} ...s/web/routing/logger.go:102:func1() [I] router: completed GET ${path} for ${peer(rng, ctx)}:${clientPort(rng)}, 200 OK in ${(rng.next() * 40 + 1).toFixed(1)}ms @ ${path.includes(".git") ? "repo/githttp.go:532(repo.GetInfoRefs)" : "web/goget.go:21(web.goGet)"}`;
};
