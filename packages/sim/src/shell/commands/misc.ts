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

/** iptables reads the saved rule set (/etc/iptables/rules.v4); it cannot change the firewall. */
function iptablesCommands(host: HostState): Command[] {
  const rules = () =>
    host.fs
      .readFile("/etc/iptables/rules.v4")
      .catch(() => "*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\nCOMMIT\n");
  const list = async (verbose: boolean) => {
    const text = await rules();
    const filter = text.split(/^\*/m).find((t) => t.startsWith("filter")) ?? "";
    const chains = [...filter.matchAll(/^:(\S+) (\S+)/gm)].map((m) => ({ name: m[1]!, policy: m[2]! }));
    const out: string[] = [];
    for (const c of chains) {
      out.push(`Chain ${c.name} (policy ${c.policy}${verbose ? " 0 packets, 0 bytes" : ""})`);
      out.push(
        verbose
          ? " pkts bytes target     prot opt in     out     source               destination"
          : "target     prot opt source               destination",
      );
      for (const m of filter.matchAll(new RegExp(`^-A ${c.name} (.*)$`, "gm"))) {
        const r = m[1]!;
        const get = (flag: string) => new RegExp(`(?:^|\\s)${flag} (\\S+)`).exec(r)?.[1];
        const target = get("-j") ?? "";
        const proto = get("-p") ?? "all";
        const src = get("-s") ?? "0.0.0.0/0";
        const dst = get("-d") ?? "0.0.0.0/0";
        const extra = r.replace(/(?:^|\s)-(?:j|p|s|d|i|o) \S+/g, "").trim();
        const row =
          `${target.padEnd(10)} ${proto.padEnd(4)} --  ${src.padEnd(20)} ${dst.padEnd(20)} ${extra}`.trimEnd();
        out.push(verbose ? `    0     0 ${row}` : row);
      }
      out.push("");
    }
    return out.join("\n");
  };
  const iptables = defineCommand("iptables", async (args) => {
    if (args.includes("-S") || args.includes("--list-rules")) {
      const text = await rules();
      const filter = text.split(/^\*/m).find((t) => t.startsWith("filter")) ?? "";
      const lines = filter.split("\n").filter((l) => l.startsWith(":") || l.startsWith("-A"));
      return ok(
        `${lines.map((l) => (l.startsWith(":") ? `-P ${l.slice(1).split(" ")[0]} ${l.split(" ")[1]}` : l)).join("\n")}\n`,
      );
    }
    if (args.some((a) => /^-[a-zA-Z]*L/.test(a) || a === "--list"))
      return ok(await list(args.some((a) => /^-[a-zA-Z]*v/.test(a))));
    if (args.some((a) => ["-A", "-I", "-D", "-F", "-P", "-X", "-N", "-R"].includes(a)))
      return fail(
        "iptables: changing firewall rules is disabled in this simulated environment (read-only view of /etc/iptables/rules.v4)",
        4,
      );
    return fail(
      "iptables v1.8.9 (nf_tables): no command specified\nTry `iptables -h' or 'iptables --help' for more information.",
      2,
    );
  });
  const save = defineCommand("iptables-save", async () => ok(await rules()));
  return [iptables, save];
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
    ...iptablesCommands(host),
  ];
}
