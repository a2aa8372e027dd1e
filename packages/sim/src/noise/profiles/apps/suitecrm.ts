import type { Random } from "../../../random";
import { perFile, type ProfileInput, uuid } from "../../context";
import { MINUTE, SECOND, type Source } from "../engine";
import { browserAgent, internetAddress, population } from "../internet";
import type { Hit, WebApp } from "../web";

/**
 * SuiteCRM 7 behind nginx: staff working through modules (list, detail, edit, subpanels, the
 * Alerts poll every open tab makes each minute), campaign e-mails' tracking pixels and link clicks
 * from recipients all over the internet, and web-to-lead forms posted from the public website.
 * Nothing here uses the V8 API (/Api/): on this server only its own nightly job does.
 */

const ORIGIN = "https://crm.kestrelfreight.com";
const MODULES = [
  "Accounts",
  "Contacts",
  "Leads",
  "Opportunities",
  "Cases",
  "Calls",
  "Meetings",
  "Tasks",
  "Emails",
  "Documents",
  "AOS_Quotes",
  "AOS_Invoices",
  "Project",
];
const BUSY = ["Accounts", "Contacts", "Cases", "Opportunities", "Leads", "Calls", "Emails"];
const SUBPANELS: Record<string, string[]> = {
  Accounts: ["contacts", "opportunities", "cases", "history", "activities", "documents"],
  Contacts: ["activities", "history", "opportunities", "cases"],
  Opportunities: ["contacts", "history", "activities", "aos_quotes"],
  Cases: ["history", "activities", "documents"],
  Leads: ["history", "activities"],
};
const VERSION = "v=Dm5cN1g2bmlKc0tQQmVUcXRxTkdUdw";
const ASSETS: [string, number][] = [
  [`/cache/themes/SuiteP/css/Dawn/style.css?${VERSION}`, 412_880],
  [`/cache/include/javascript/sugar_grp1_jquery.js?${VERSION}`, 381_920],
  [`/cache/include/javascript/sugar_grp1_yui.js?${VERSION}`, 612_405],
  [`/cache/include/javascript/sugar_grp1.js?${VERSION}`, 501_337],
  [`/cache/include/javascript/sugar_field_grp.js?${VERSION}`, 88_104],
  [`/include/javascript/qtip/jquery.qtip.min.js?${VERSION}`, 38_771],
  [`/themes/SuiteP/js/style.js?${VERSION}`, 14_620],
  [`/themes/SuiteP/images/company_logo.png?${VERSION}`, 9_311],
  [`/themes/SuiteP/fonts/Lato-Regular.woff2`, 45_416],
  [`/themes/SuiteP/images/loading.gif?${VERSION}`, 3_208],
  [`/include/javascript/dashlets.js?${VERSION}`, 7_904],
  [`/cache/jsLanguage/en_us.js?${VERSION}`, 51_220],
];

/** Records of each module, fixed for the file, so staff come back to the same accounts. */
const records = perFile(
  "suitecrm:records",
  (r) => new Map(MODULES.map((m) => [m, Array.from({ length: 60 }, () => uuid(r))])),
);
/** Campaign e-mail tracker IDs: a few campaigns, many recipients. */
const trackers = perFile("suitecrm:trackers", (r) => ({
  campaigns: Array.from({ length: 4 }, () => uuid(r)),
  recipients: Array.from({ length: 500 }, () => uuid(r)),
}));

const url = (path: string) => `${ORIGIN}${path}`;
const page = (module: string, action: string, record?: string) =>
  `/index.php?module=${module}&action=${action}${record ? `&record=${record}` : ""}`;

/** A module page and the assets the browser revalidates with it. */
function view(rng: Random, dt: number, path: string, referer: string, first: boolean): Hit[] {
  const hits: Hit[] = [{ dt, method: "GET", path, status: 200, bytes: rng.int(58_000, 148_000), referer }];
  const assets = first ? ASSETS : ASSETS.filter(() => rng.chance(0.12));
  let t = dt + rng.int(150, 600);
  for (const [asset, size] of assets) {
    const cached = !first || rng.chance(0.85);
    hits.push({
      dt: t,
      method: "GET",
      path: asset,
      status: cached ? 304 : 200,
      bytes: cached ? 0 : size,
      referer: url(path),
    });
    t += rng.int(5, 60);
  }
  return hits;
}

/** A working session: log in (sometimes), browse and edit records, the Alerts poll meanwhile. */
function session(rng: Random, fileRng: Random): Hit[] {
  const recs = records(fileRng, NO_CTX);
  const hits: Hit[] = [];
  let t = 0;
  let referer = "-";
  if (rng.chance(0.35)) {
    hits.push(...view(rng, t, "/index.php?action=Login&module=Users", "-", true));
    t += rng.int(4, 20) * SECOND;
    hits.push({
      dt: t,
      method: "POST",
      path: "/index.php",
      status: 302,
      bytes: 0,
      referer: url("/index.php?action=Login&module=Users"),
    });
    t += rng.int(200, 900);
    hits.push(...view(rng, t, page("Home", "index"), url("/index.php?action=Login&module=Users"), false));
    referer = url(page("Home", "index"));
    t += rng.int(5, 40) * SECOND;
  }
  const pages = rng.int(2, 24);
  for (let i = 0; i < pages; i++) {
    const module = rng.chance(0.75) ? rng.pick(BUSY) : rng.pick(MODULES);
    const record = rng.pick(recs.get(module)!);
    const r = rng.next();
    let path: string;
    if (r < 0.35) path = page(module, "index");
    else if (r < 0.75) path = page(module, "DetailView", record);
    else if (r < 0.9) path = page(module, "EditView", record);
    else
      path = `/index.php?module=${module}&action=index&query=true&name_basic=${rng.pick(["a", "kest", "logi", "tran", "frei", "dhl", "mar"])}`;
    hits.push(...view(rng, t, path, referer, false));
    const sub = SUBPANELS[module];
    if (path.includes("DetailView") && sub) {
      for (const s of sub.filter(() => rng.chance(0.4)))
        hits.push({
          dt: t + rng.int(400, 2500),
          method: "GET",
          path: `/index.php?module=${module}&action=SubPanelViewer&subpanel=${s}&record=${record}&layout_def_key=${module}&inline=1&ajaxSubpanel=true&to_pdf=true`,
          status: 200,
          bytes: rng.int(3_000, 42_000),
          referer: url(path),
        });
    }
    if (path.includes("EditView")) {
      t += rng.int(20, 240) * SECOND;
      hits.push({ dt: t, method: "POST", path: "/index.php", status: 302, bytes: 0, referer: url(path) });
      path = page(module, "DetailView", record);
      hits.push(...view(rng, t + rng.int(150, 500), path, url(page(module, "EditView", record)), false));
    }
    referer = url(path);
    t += rng.int(8, 180) * SECOND;
  }
  // The Alerts poll of the open tab, once a minute while the session lasts.
  for (let p = rng.int(20, 60) * SECOND; p < t; p += MINUTE + rng.int(0, 900))
    hits.push({
      dt: p,
      method: "GET",
      path: `/index.php?module=Alerts&action=get&to_pdf=1&_=${rng.int(1_700_000_000, 1_799_999_999)}${rng.int(100, 999)}`,
      status: 200,
      bytes: rng.chance(0.9) ? 2 : rng.int(180, 900),
      referer,
    });
  return hits.sort((a, b) => a.dt - b.dt);
}

const NO_CTX = { hostname: "", ip: "", peers: [], users: [] };

/** Mail clients and their image proxies, as they fetch a campaign e-mail's tracking pixel. */
const MAIL_CLIENTS: { agent: string; prefixes: string[] }[] = [
  {
    agent: "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)",
    prefixes: ["66.102.8.", "66.249.93.", "74.125.210.", "66.102.6."],
  },
  { agent: "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)", prefixes: [] },
  { agent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)", prefixes: [] },
  {
    agent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    prefixes: [],
  },
  {
    agent: "YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html",
    prefixes: ["87.248.119.", "212.82.101."],
  },
];

export function suitecrm(fileRng: Random, _input: ProfileInput): WebApp {
  return {
    origin: ORIGIN,
    h2: true,
    staff: (rng) => session(rng, fileRng),
    // Outside the office: sales staff at home or on the road, the same application.
    visitor: (rng) => session(rng, fileRng),
    visitors: (rng, input) => remoteStaff(rng, input.ctx),
    sources: (input, line) => {
      const t = trackers(fileRng, NO_CTX);
      const pixel: Source = {
        weight: (0.25 * (input.options.external ?? 0.5)) / 1.15,
        rhythm: "consumer",
        event: (rng, ms, emit) => {
          const mail = rng.pick(MAIL_CLIENTS);
          const person = rng.pick(population(rng, input.ctx));
          const ip = mail.prefixes.length ? `${rng.pick(mail.prefixes)}${rng.int(1, 254)}` : person.ip;
          const v = { ip, agent: mail.agent, h2: false };
          const id = rng.pick(t.recipients);
          const path = `/index.php?entryPoint=image&identifier=${id}`;
          emit(ms, line(v, ms, { dt: 0, method: "GET", path, status: 200, bytes: 43, referer: "-" }));
          if (rng.chance(0.12)) {
            // The reader clicks a link in the mail: the redirect, then the public website.
            const at = ms + rng.int(3, 90) * SECOND;
            const click = `/index.php?entryPoint=campaign_trackerv2&track=${rng.pick(t.campaigns)}&identifier=${id}`;
            const reader = { ip: person.ip, agent: person.agent, h2: true };
            emit(at, line(reader, at, { dt: 0, method: "GET", path: click, status: 302, bytes: 0, referer: "-" }));
          }
          if (rng.chance(0.01)) {
            const at = ms + rng.int(10, 300) * SECOND;
            const reader = { ip: person.ip, agent: person.agent, h2: true };
            emit(
              at,
              line(reader, at, {
                dt: 0,
                method: "GET",
                path: `/index.php?entryPoint=removeme&identifier=${id}`,
                status: 200,
                bytes: rng.int(1_100, 1_400),
                referer: "-",
              }),
            );
          }
        },
      };
      const lead: Source = {
        weight: 0.02 * (input.options.external ?? 0.5),
        rhythm: "consumer",
        event: (rng, ms, emit) => {
          const person = rng.pick(population(rng, input.ctx));
          const v = { ip: person.ip, agent: person.agent, h2: true };
          const referer = `https://www.kestrelfreight.com/${rng.pick(["contact/", "quote/", "services/road-freight/", "services/warehousing/"])}`;
          emit(
            ms,
            line(v, ms, {
              dt: 0,
              method: "POST",
              path: "/index.php?entryPoint=WebToPersonCapture",
              status: 302,
              bytes: 0,
              referer,
            }),
          );
        },
      };
      return [pixel, lead];
    },
    crawl: (rng) => {
      const hits: Hit[] = [{ dt: 0, method: "GET", path: "/robots.txt", status: 302, bytes: 0, referer: "-" }];
      const n = rng.int(0, 2);
      for (let i = 0; i < n; i++)
        hits.push({
          dt: rng.int(2, 40) * SECOND * (i + 1),
          method: "GET",
          path: rng.pick(["/", "/index.php", "/index.php?action=Login&module=Users"]),
          status: 302,
          bytes: 0,
          referer: "-",
        });
      if (rng.chance(0.4))
        hits.push({
          dt: 45 * SECOND,
          method: "GET",
          path: "/index.php?action=Login&module=Users",
          status: 200,
          bytes: rng.int(7_900, 8_400),
          referer: "-",
        });
      return hits;
    },
    health: { path: "/index.php?action=Login&module=Users", status: 200, bytes: [7_900, 8_400] },
    root: () => ({ status: 302, bytes: 0 }),
    // Anything else ends in index.php, which sends a visitor without a session to the login page.
    notFound: () => ({ status: 302, bytes: 0 }),
    // The web root is a git checkout with its .env: these exist and are served (that is the case).
    serves: (path) => path === "/.env" || path.startsWith("/.git/"),
  };
}

/** Remote staff keep their home address and browser for the file: a few, not the whole internet. */
const remoteStaff = perFile("suitecrm:remote", (r) =>
  Array.from({ length: 14 }, () => ({ ip: internetAddress(r, 0.1), agent: browserAgent(r) })),
);
