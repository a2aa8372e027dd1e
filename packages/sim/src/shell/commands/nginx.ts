import { defineCommand, type Command } from "just-bash";
import type { HostState } from "../../host-state";
import { fail, ok } from "../args";
import { includedFiles } from "./config-files";

/**
 * `nginx -t`, `-T` and `-v` from the host's own configuration. -T prints every configuration file
 * nginx reads, in the order it reads them (an include is read where it stands), each behind a
 * `# configuration file <path>:` line; the test result goes to stderr. Includes of files the host
 * does not have are passed over: content places the configuration, not every packaged file.
 */
const MAIN = "/etc/nginx/nginx.conf";

/** The nginx each OS release ships. */
function version(os: string): string {
  if (/ubuntu 24/i.test(os)) return "nginx/1.24.0 (Ubuntu)";
  if (/ubuntu 20/i.test(os)) return "nginx/1.18.0 (Ubuntu)";
  if (/ubuntu/i.test(os)) return "nginx/1.18.0 (Ubuntu)";
  if (/debian.*11/i.test(os)) return "nginx/1.18.0";
  return "nginx/1.22.1";
}

/** `include` directives outside comments, in order. */
function includes(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const code = line.replace(/#.*$/, "");
    for (const m of code.matchAll(/(?:^|[;{}\s])include\s+("?)([^";\s]+)\1\s*;/g)) out.push(m[2]!);
  }
  return out;
}

/** Every file nginx reads, depth first from nginx.conf, each once. */
async function configFiles(host: HostState): Promise<{ path: string; text: string }[]> {
  const seen = new Set<string>();
  const out: { path: string; text: string }[] = [];
  const visit = async (path: string): Promise<void> => {
    if (seen.has(path)) return;
    seen.add(path);
    const text = await host.fs.readFile(path);
    out.push({ path, text });
    for (const inc of includes(text)) for (const file of includedFiles(host, inc, "/etc/nginx")) await visit(file);
  };
  await visit(MAIN);
  return out;
}

const TEST_OK = `nginx: the configuration file ${MAIN} syntax is ok\nnginx: configuration file ${MAIN} test is successful\n`;
const NO_MAIN = `nginx: [emerg] open() "${MAIN}" failed (2: No such file or directory)\nnginx: configuration file ${MAIN} test failed\n`;

export function nginxCommand(host: HostState): Command {
  return defineCommand("nginx", async (args) => {
    const flags = args.join(" ");
    const bad = args.find((a) => !/^-[tTvVqh?]+$/.test(a));
    if (bad) {
      if (bad === "-s" || bad === "-c" || bad === "-g" || bad === "-p")
        return fail("nginx: starting, stopping or reloading nginx is disabled in this simulated environment", 1);
      return fail(`nginx: invalid option: "${bad.replace(/^-+/, "")}"`, 1);
    }
    if (args.length === 0)
      return fail("nginx: starting, stopping or reloading nginx is disabled in this simulated environment", 1);
    if (/v/i.test(flags) && !/t/i.test(flags))
      return { stdout: "", stderr: `nginx version: ${version(host.spec.os)}\n`, exitCode: 0 };
    if (host.fs.entryKind(MAIN) !== "file") return { stdout: "", stderr: NO_MAIN, exitCode: 1 };
    if (!flags.includes("T")) return { stdout: "", stderr: TEST_OK, exitCode: 0 };
    const files = await configFiles(host);
    const dump = files.map((f) => `# configuration file ${f.path}:\n${f.text}\n`).join("");
    return { ...ok(dump), stderr: TEST_OK };
  });
}

/** Whether the host has nginx: its configuration folder. */
export const hasNginx = (host: HostState) => host.fs.entryKind("/etc/nginx") === "directory";
