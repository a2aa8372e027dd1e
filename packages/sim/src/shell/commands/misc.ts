import { defineCommand, type Command } from "just-bash";
import type { HostState } from "../../host-state";
import { fail, ok } from "../args";

/** `sudo cmd…` runs cmd (the analyst is root already); `sudo -l` lists the privileges. */
function sudoCommand(host: HostState): Command {
  return defineCommand("sudo", async (args, ctx) => {
    if (args[0] === "-l")
      return ok(`User root may run the following commands on ${host.spec.hostname}:\n    (ALL : ALL) ALL\n`);
    let i = 0;
    while (i < args.length && args[i]!.startsWith("-")) i += ["-u", "-g", "-C", "-h"].includes(args[i]!) ? 2 : 1;
    const rest = args.slice(i);
    if (rest.length === 0) return fail("usage: sudo -h | -K | -k | -V\nusage: sudo [-u user] command", 1);
    if (!ctx.exec) return fail("sudo: unavailable");
    const quoted = rest.map((a) => (/^[\w./:=@%+,-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(" ");
    return ctx.exec(quoted, { cwd: ctx.cwd });
  });
}

/** Commands that would run code or install software: refused, in words a model can act on. */
function refused(name: string, what: string): Command {
  return defineCommand(name, async () =>
    fail(`${name}: ${what} is disabled in this simulated investigation environment; read files and logs instead`, 126),
  );
}

export function miscCommands(host: HostState): Command[] {
  return [
    sudoCommand(host),
    defineCommand("su", async () =>
      fail("su: the analyst shell is already root; use sudo -u <user> <command> to run as another user", 1),
    ),
    ...["python", "python3", "perl", "ruby", "node", "php", "java", "gcc", "cc", "make"].map((n) =>
      refused(n, "running interpreters and compilers"),
    ),
    ...[
      "npm",
      "npx",
      "yarn",
      "pnpm",
      "pip",
      "pip3",
      "apt",
      "apt-get",
      "dpkg",
      "yum",
      "dnf",
      "rpm",
      "gem",
      "go",
      "cargo",
      "mvn",
      "gradle",
    ].map((n) => refused(n, "installing or running packages")),
    defineCommand("docker", async () =>
      fail("Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?", 1),
    ),
    defineCommand("reboot", async () => fail("reboot: rebooting hosts is disabled in this simulated environment", 1)),
    defineCommand("shutdown", async () =>
      fail("shutdown: shutting hosts down is disabled in this simulated environment", 1),
    ),
  ];
}
