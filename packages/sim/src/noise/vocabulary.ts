import type { Random } from "../random";
import { type NoiseContext, user } from "./context";

/**
 * Values that more than one format prints, kept in one place so that, say, the web logs and the
 * SIEM agree on clients, and Jenkins, npm and Nexus agree on jobs and tool versions.
 */

export const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:123.0) Gecko/20100101 Firefox/123.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "kube-probe/1.28",
  "Prometheus/2.49.1",
  "curl/7.81.0",
];

export const WEB_PATHS = [
  "/",
  "/index.php",
  "/index.php?module=Home&action=index",
  "/index.php?module=Accounts&action=DetailView",
  "/api/v1/shipments?page=2",
  "/api/v1/health",
  "/static/css/app.9f2c1.css",
  "/static/js/main.41ab7.js",
  "/favicon.ico",
  "/login",
  "/robots.txt",
  "/api/v1/rates/quote",
];

export const CRON_JOBS = [
  "(root) CMD (   cd / && run-parts --report /etc/cron.hourly)",
  "(root) CMD (command -v debian-sa1 > /dev/null && debian-sa1 1 1)",
  "(root) CMD ([ -x /usr/lib/php/sessionclean ] && if [ ! -d /run/systemd/system ]; then /usr/lib/php/sessionclean; fi)",
  "(root) CMD (/usr/lib/sysstat/sa1 1 1)",
];

const SYSTEMD_MESSAGES = [
  "Starting Daily apt download activities...",
  "Finished Daily apt download activities.",
  "Starting Cleanup of Temporary Directories...",
  "Finished Cleanup of Temporary Directories.",
  "Started Session {n} of User {user}.",
  "Starting Rotate log files...",
  "logrotate.service: Deactivated successfully.",
  "Finished Rotate log files.",
  "Started Run anacron jobs.",
  "anacron.service: Deactivated successfully.",
  "Starting Message of the Day...",
  "motd-news.service: Deactivated successfully.",
];

/** A message of systemd (PID 1) on an Ubuntu server. Always draws the session number and user. */
export function systemdMessage(rng: Random, ctx: NoiseContext): string {
  return rng
    .pick(SYSTEMD_MESSAGES)
    .replace("{n}", String(rng.int(100, 9999)))
    .replace("{user}", user(rng, ctx));
}

/** Jenkins jobs (and so workspaces and repositories) of the build server. */
export const CI_JOBS = [
  "shipment-tracker",
  "rate-engine",
  "customs-gateway",
  "warehouse-ui",
  "driver-app",
  "billing-service",
];

export const NODE_VERSION = "v20.12.2";
export const NPM_VERSION = "10.5.0";
export const NPM_USER_AGENT = `npm/${NPM_VERSION} node/${NODE_VERSION} linux x64 workspaces/false`;
