import type { Random } from "../../../random";
import type { ProfileInput } from "../../context";
import { SECOND, type Source } from "../engine";
import { CI_JOBS } from "../../vocabulary";
import type { Hit, WebApp } from "../web";

/**
 * Jenkins: developers watching builds (the dashboard's build queue and executor polls every few
 * seconds while a tab is open, consoles streamed progressively, test reports), starting a build
 * now and then, and the Git server's push webhooks. No request touches the script console or the
 * credential stores: those are administrators' rare visits, and on a compromised server the case.
 */

const ASSET_HASH = "a7f3c21b";
const ASSETS = [
  `/static/${ASSET_HASH}/jsbundles/vendors.js`,
  `/static/${ASSET_HASH}/jsbundles/page-init.js`,
  `/static/${ASSET_HASH}/jsbundles/styles.css`,
  `/static/${ASSET_HASH}/jsbundles/app.js`,
  `/adjuncts/${ASSET_HASH}/lib/layout/breadcrumbs.js`,
  `/static/${ASSET_HASH}/images/svgs/logo.svg`,
];

export function jenkins(_fileRng: Random, input: ProfileInput): WebApp {
  const jobs = input.options.names ?? CI_JOBS;
  const webhook = input.options.hosts?.[0];

  const session = (rng: Random): Hit[] => {
    const hits: Hit[] = [];
    let t = 0;
    let referer = "-";
    const job = rng.pick(jobs);
    const n = rng.int(40, 420);
    const page = (path: string, bytes: [number, number]) => {
      hits.push({ dt: t, method: "GET", path, status: 200, bytes: rng.int(...bytes), referer });
      for (const a of ASSETS.filter(() => rng.chance(0.3)))
        hits.push({ dt: t + rng.int(80, 500), method: "GET", path: a, status: 304, bytes: 0, referer });
      // While the page is open: the side panel's queue and executors, every ~10 s.
      const open = rng.int(15, 240) * SECOND;
      for (let p = rng.int(3, 10) * SECOND; p < open; p += rng.int(9, 14) * SECOND) {
        hits.push({
          dt: t + p,
          method: "GET",
          path: "/ajaxBuildQueue",
          status: 200,
          bytes: rng.int(3_200, 6_100),
          referer,
        });
        hits.push({
          dt: t + p + rng.int(5, 60),
          method: "GET",
          path: "/ajaxExecutors",
          status: 200,
          bytes: rng.int(2_800, 7_400),
          referer,
        });
      }
      t += open + rng.int(1, 10) * SECOND;
    };
    if (rng.chance(0.15)) {
      page("/login?from=%2F", [2_900, 3_300]);
      hits.push({ dt: t, method: "POST", path: "/j_spring_security_check", status: 302, bytes: 0, referer: "-" });
      t += rng.int(200, 800);
    }
    page("/", [16_000, 19_000]);
    const views = rng.int(1, 5);
    for (let i = 0; i < views; i++) {
      const r = rng.next();
      if (r < 0.3) page(`/job/${job}/`, [22_000, 41_000]);
      else if (r < 0.55) {
        const console = rng.chance(0.5) ? `/job/${job}/lastBuild/console` : `/job/${job}/${n}/console`;
        page(console, [9_000, 240_000]);
        // The console streams while the build runs: progressive log fetches every few seconds.
        if (rng.chance(0.3)) {
          const polls = rng.int(2, 12);
          for (let k = 0; k < polls; k++)
            hits.push({
              dt: Math.max(0, t - (polls - k) * rng.int(3, 6) * SECOND),
              method: "POST",
              path: `/job/${job}/${n}/logText/progressiveHtml`,
              status: 200,
              bytes: rng.int(0, 9_000),
              referer,
            });
        }
      } else if (r < 0.72) page(`/job/${job}/lastBuild/testReport/`, [30_000, 120_000]);
      else if (r < 0.82) page(`/job/${job}/${n}/changes`, [12_000, 20_000]);
      else if (r < 0.9) page(`/job/${job}/${n}/consoleText`, [9_000, 400_000]);
      else if (r < 0.96) page(`/job/${job}/configure`, [90_000, 160_000]);
      else {
        hits.push({ dt: t, method: "POST", path: `/job/${job}/build?delay=0sec`, status: 302, bytes: 0, referer });
        t += rng.int(2, 20) * SECOND;
      }
      referer = "-";
    }
    return hits;
  };

  return {
    origin: "",
    h2: input.format === "nginx-access",
    staff: (rng) => session(rng),
    sources: (_input, line) => {
      if (!webhook) return [];
      const push: Source = {
        weight: 0.01,
        rhythm: "office",
        event: (rng, ms, emit) => {
          const v = { ip: webhook.ip, agent: "Go-http-client/1.1", h2: false };
          emit(
            ms,
            line(v, ms, {
              dt: 0,
              method: "POST",
              path: "/gitea-webhook/post",
              status: 200,
              bytes: rng.int(0, 120),
              referer: "-",
            }),
          );
        },
      };
      return [push];
    },
    crawl: () => [],
    health: { path: "/login", status: 200, bytes: [2_900, 3_300] },
    root: (rng) => ({ status: 403, bytes: rng.int(600, 700) }),
    notFound: (rng) => ({ status: 404, bytes: rng.int(7_000, 7_400) }),
  };
}
