import { type Generator, peer, user } from "../context";
import { clfTime } from "../log-time";
import { NPM_USER_AGENT } from "../vocabulary";

const NEXUS_PATHS = [
  "/repository/npm-group/lodash",
  "/repository/npm-group/express/-/express-4.19.2.tgz",
  "/repository/npm-group/@types%2fnode",
  "/repository/npm-group/typescript/-/typescript-5.4.5.tgz",
  "/repository/maven-public/org/springframework/spring-core/6.1.5/spring-core-6.1.5.pom",
  "/repository/pypi-group/simple/requests/",
  "/repository/docker-hosted/v2/",
  "/service/rest/v1/status",
];
const CLIENT_AGENTS = [
  NPM_USER_AGENT,
  "Apache-Maven/3.9.6 (Java 17.0.10; Linux 6.1.0-26-amd64)",
  'pip/24.0 {"ci":null}',
  "Nexus/3.68.1-02 (OSS; Linux; 6.1.0-26-amd64; amd64; 17.0.10)",
];

/**
 * Nexus Repository request.log: `client - user [time] "request" status - bytesSent elapsedMs
 * "agent" [thread]`. The user list is built (drawing a user) before the pick, as first written.
 */
export const nexusRequest: Generator = (rng, ctx, ms) => {
  const who = rng.pick(["jenkins", "jenkins", "anonymous", "svc-build", user(rng, ctx)]);
  return `${peer(rng, ctx)} - ${who} [${clfTime(ms)}] "GET ${rng.pick(NEXUS_PATHS)} HTTP/1.1" ${rng.pick([200, 200, 200, 304, 404])} - ${rng.int(300, 900000)} ${rng.int(2, 180)} "${rng.pick(CLIENT_AGENTS)}" [qtp${rng.int(100000, 999999)}-${rng.int(100, 999)}]`;
};
