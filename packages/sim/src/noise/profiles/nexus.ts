import type { Random } from "../../random";
import { perFile, type ProfileInput } from "../context";
import { clfTime } from "../log-time";
import { type Emit, MINUTE, type Periodic, type Plan, SECOND, type Source } from "./engine";
import { clients } from "./internet";

/**
 * Nexus Repository 3's request.log (profile `nexus`), as the content prints it:
 * `client - user [time] "request" status - bytes ms "agent" [thread]`. Builds on the CI server
 * installing dependencies through the npm-all group and publishing to npm-internal and
 * docker-hosted, developers' npm installs, pip and Maven through their proxies, the status check
 * of the monitoring. The CI server and its accounts are `hosts` entries (name, ip, user).
 */

const NPM_AGENT = "npm/10.2.4 node/v20.11.1 linux x64 workspaces/false";
const PACKAGES: [string, string, number][] = [
  ["lodash", "4.17.21", 318_961],
  ["express", "4.21.2", 55_041],
  ["debug", "4.4.0", 14_240],
  ["ms", "2.1.3", 2_916],
  ["semver", "7.6.3", 26_130],
  ["axios", "1.7.9", 420_114],
  ["pg", "8.13.1", 80_133],
  ["undici", "6.21.1", 1_592_210],
  ["typescript", "5.7.3", 4_310_552],
  ["@types/node", "22.13.5", 421_992],
  ["react", "18.3.1", 81_207],
  ["react-dom", "18.3.1", 1_281_430],
  ["vite", "6.1.0", 1_004_117],
  ["vitest", "3.0.5", 268_701],
  ["eslint", "9.20.1", 632_412],
  ["prettier", "3.5.1", 1_907_661],
  ["zod", "3.24.2", 720_332],
  ["dotenv", "16.4.7", 13_112],
  ["uuid", "11.0.5", 87_901],
  ["fast-xml-parser", "4.5.1", 104_211],
  ["strnum", "1.0.5", 7_310],
  ["body-parser", "1.20.3", 21_554],
  ["jsonwebtoken", "9.0.2", 16_420],
  ["winston", "3.17.0", 86_341],
  ["@kestrel/eslint-config", "3.2.0", 4_882],
  ["@kestrel/ui-kit", "5.8.2", 310_220],
  ["@kestrel/logger", "1.9.4", 9_811],
];
const MAVEN = [
  "org/springframework/boot/spring-boot-starter-web/3.2.4/spring-boot-starter-web-3.2.4",
  "com/fasterxml/jackson/core/jackson-databind/2.17.0/jackson-databind-2.17.0",
  "org/postgresql/postgresql/42.7.3/postgresql-42.7.3",
  "org/apache/commons/commons-lang3/3.14.0/commons-lang3-3.14.0",
];
const PYPI = ["requests", "boto3", "urllib3", "pyyaml", "certifi", "ansible-core", "jinja2"];
const IMAGES = [
  "platform-images/node20-build",
  "shipment-tracker/api",
  "billing-service/api",
  "kestrel-ui-kit/storybook",
];
/** Nexus's Jetty thread pools (one per connector), as the content's lines name them. */
const POOLS = ["qtp1514320389", "qtp1819038759", "qtp1840976765"];

const encode = (name: string) => name.replace("/", "%2f");
const tarball = (name: string, version: string) =>
  `/repository/npm-all/${encode(name)}/-/${name.split("/").pop()}-${version}.tgz`;

const people = perFile("nexus:people", (r, ctx) => {
  const users = ctx.users.length ? ctx.users : ["developer"];
  return new Map(clients(r, ctx).map((ip) => [ip, r.chance(0.25) ? "anonymous" : r.pick(users)]));
});

export function nexusPlan(rng: Random, input: ProfileInput): Plan {
  const { ctx, options } = input;
  const ci = options.hosts?.[0] ?? { name: "ci-01", ip: "10.0.30.11", user: "svc-build" };
  const deploy = options.hosts?.[1]?.user ?? "svc-deploy";
  const thread = (r: Random) => `[${r.pick(POOLS)}-${r.int(2_100, 5_400)}]`;
  const line = (
    r: Random,
    ip: string,
    user: string,
    ms: number,
    req: string,
    status: number,
    bytes: number,
    agent: string,
  ) =>
    `${ip} - ${user} [${clfTime(ms)}] "${req} HTTP/1.1" ${status} - ${bytes} ${r.int(2, bytes > 100_000 ? 600 : 190)} "${agent}" ${thread(r)}`;

  /** `npm ci` or `npm install`: packuments revalidated, tarballs fetched. */
  const npmInstall = (r: Random, ms: number, emit: Emit, ip: string, user: string, agent: string) => {
    const n = r.int(4, 30);
    let t = ms;
    for (let i = 0; i < n; i++) {
      const [name, version, size] = r.pick(PACKAGES);
      if (r.chance(0.5)) {
        const cached = r.chance(0.6);
        emit(
          t,
          line(
            r,
            ip,
            user,
            t,
            `GET /repository/npm-all/${encode(name)}`,
            cached ? 304 : 200,
            cached ? 0 : r.int(2_000, 400_000),
            agent,
          ),
        );
      }
      emit(t, line(r, ip, user, t, `GET ${tarball(name, version)}`, 200, size, agent));
      t += r.int(5, 400);
    }
  };

  const sources: Source[] = [
    {
      // A CI build: install, then (sometimes) publish an image and a package.
      weight: 3,
      rhythm: "office",
      event: (r, ms, emit) => {
        npmInstall(r, ms, emit, ci.ip, ci.user ?? "svc-build", r.chance(0.5) ? `${NPM_AGENT} ci/jenkins` : NPM_AGENT);
        if (r.chance(0.25)) {
          const image = r.pick(IMAGES);
          const at = ms + r.int(2, 12) * MINUTE;
          const docker =
            "docker/26.1.3 go/go1.21.10 git-commit/8e96db1 kernel/5.15.0-119-generic os/linux arch/amd64 UpstreamClient(Docker-Client/26.1.3 \\(linux\\))";
          emit(at, line(r, ci.ip, "anonymous", at, "GET /v2/", 401, 113, docker));
          emit(at + 40, line(r, ci.ip, deploy, at + 40, "GET /v2/", 200, 2, docker));
          const layers = r.int(2, 6);
          for (let k = 0, t = at + 200; k < layers; k++, t += r.int(100, 3_000))
            emit(
              t,
              line(
                r,
                ci.ip,
                deploy,
                t,
                `HEAD /v2/${image}/blobs/sha256:${r.hex(64)}`,
                r.chance(0.8) ? 200 : 404,
                0,
                docker,
              ),
            );
          const end = at + r.int(5, 40) * SECOND;
          emit(end, line(r, ci.ip, deploy, end, `PUT /v2/${image}/manifests/sha256:${r.hex(64)}`, 201, 0, docker));
        }
      },
    },
    {
      // A developer's npm install on a workstation.
      weight: 4,
      rhythm: "office",
      event: (r, ms, emit) => {
        const ip = r.pick(clients(r, ctx));
        npmInstall(r, ms, emit, ip, people(r, ctx).get(ip) ?? "anonymous", NPM_AGENT);
      },
    },
    {
      weight: 1,
      rhythm: "office",
      event: (r, ms, emit) => {
        const ip = r.pick(clients(r, ctx));
        const user = people(r, ctx).get(ip) ?? "anonymous";
        if (r.chance(0.5)) {
          const pkg = r.pick(PYPI);
          const agent = `pip/24.0 {"ci":null,"cpu":"x86_64","distro":{"id":"jammy","libc":{"lib":"glibc","version":"2.35"},"name":"Ubuntu","version":"22.04"},"implementation":{"name":"CPython","version":"3.10.12"},"installer":{"name":"pip","version":"24.0"},"python":"3.10.12","system":{"name":"Linux","release":"6.5.0-26-generic"}}`;
          emit(ms, line(r, ip, user, ms, `GET /repository/pypi-all/simple/${pkg}/`, 200, r.int(3_000, 90_000), agent));
          emit(
            ms + 300,
            line(
              r,
              ip,
              user,
              ms + 300,
              `GET /repository/pypi-all/packages/${pkg}/${r.int(1, 3)}.${r.int(0, 30)}.${r.int(0, 9)}/${pkg}-py3-none-any.whl`,
              200,
              r.int(40_000, 900_000),
              agent,
            ),
          );
        } else {
          const a = r.pick(MAVEN);
          const agent = "Apache-Maven/3.9.6 (Java 17.0.10; Linux 6.1.0-26-amd64)";
          emit(ms, line(r, ip, user, ms, `GET /repository/maven-public/${a}.pom`, 200, r.int(2_000, 9_000), agent));
          emit(
            ms + 120,
            line(r, ip, user, ms + 120, `GET /repository/maven-public/${a}.jar`, 200, r.int(40_000, 1_900_000), agent),
          );
        }
      },
    },
  ];
  const monitor = options.hosts?.find((h) => /siem|monitor|prometheus/.test(h.name));
  const periodic: Periodic[] = monitor
    ? [
        {
          everyMs: 5 * MINUTE,
          offsetMs: 42 * SECOND,
          jitterMs: 2 * SECOND,
          lines: 1,
          event: (r, ms, emit) =>
            emit(ms, line(r, monitor.ip, "anonymous", ms, "GET /service/rest/v1/status", 200, 0, "Prometheus/2.49.1")),
        },
      ]
    : [];
  return { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources, periodic };
}
