import { defineCommand, type Command } from "just-bash";
import type { HostState } from "../../host-state";
import { fail, ok } from "../args";
import { listChains, listRules, parseTable, type Chain } from "./iptables-format";

/**
 * The firewall as the host saved it. iptables lists /etc/iptables/rules.v4 (what
 * netfilter-persistent loads at boot); nft lists /etc/nftables.conf. Neither can change the
 * rules: the simulated hosts have no kernel to load them into.
 */
const RULES_V4 = "/etc/iptables/rules.v4";
const NFTABLES = "/etc/nftables.conf";

const EMPTY: Record<string, string[]> = {
  filter: ["INPUT", "FORWARD", "OUTPUT"],
  nat: ["PREROUTING", "INPUT", "OUTPUT", "POSTROUTING"],
  mangle: ["PREROUTING", "INPUT", "FORWARD", "OUTPUT", "POSTROUTING"],
  raw: ["PREROUTING", "OUTPUT"],
};

/** A table's chains: from the saved rules, or the empty ACCEPT chains of a host without any. */
async function tableOf(host: HostState, table: string): Promise<Chain[] | undefined> {
  const saved = await host.fs.readFile(RULES_V4).catch(() => "");
  return parseTable(saved, table) ?? EMPTY[table]?.map((name) => ({ name, policy: "ACCEPT", rules: [] }));
}

const WRITES = [
  "-A",
  "-I",
  "-D",
  "-R",
  "-F",
  "-P",
  "-X",
  "-N",
  "-E",
  "-Z",
  "--append",
  "--insert",
  "--delete",
  "--flush",
  "--policy",
];

function iptablesCommand(host: HostState): Command {
  return defineCommand("iptables", async (args) => {
    const has = (re: RegExp, ...long: string[]) => args.some((a) => re.test(a) || long.includes(a));
    const at = (flag: RegExp) => args.findIndex((a) => flag.test(a));
    if (has(/^-(A|I|D|R|F|P|X|N|E|Z)$/) || WRITES.some((w) => args.includes(w)))
      return fail(
        `iptables: changing firewall rules is disabled in this simulated environment (read-only view of ${RULES_V4})`,
        4,
      );
    const tIndex = args.findIndex((a) => a === "-t" || a === "--table");
    const table = tIndex >= 0 ? (args[tIndex + 1] ?? "") : "filter";
    const chains = await tableOf(host, table);
    if (!chains)
      return fail(
        `iptables v1.8.7 (nf_tables): can't initialize iptables table \`${table}': Table does not exist (do you need to insmod?)\nPerhaps iptables or your kernel needs to be upgraded.`,
        3,
      );
    const listIndex = at(/^-[a-zA-Z]*[LS]$|^--list(-rules)?$/);
    if (listIndex < 0)
      return fail(
        "iptables v1.8.7 (nf_tables): no command specified\nTry `iptables -h' or 'iptables --help' for more information.",
        2,
      );
    const next = args[listIndex + 1];
    const chain = next && !next.startsWith("-") ? next : undefined;
    if (chain && !chains.some((c) => c.name === chain)) return fail("iptables: No chain/target/match by that name.", 1);
    if (/S/.test(args[listIndex]!) || args[listIndex] === "--list-rules") return ok(listRules(chains, chain));
    const o = {
      numeric: has(/^-[a-zA-Z]*n[a-zA-Z]*$/, "--numeric"),
      verbose: has(/^-[a-zA-Z]*v[a-zA-Z]*$/, "--verbose"),
      lineNumbers: args.includes("--line-numbers"),
    };
    return ok(listChains(chains, o, chain));
  });
}

/** `nft list ruleset`: the configuration as nft prints it back, without comments and defines. */
function nftRuleset(text: string): string {
  const defines = new Map<string, string>();
  for (const m of text.matchAll(/^\s*define\s+(\w+)\s*=\s*(.+?)\s*$/gm)) defines.set(m[1]!, m[2]!);
  const lines = text
    .split("\n")
    .filter((l) => !/^\s*(#|define\s|flush ruleset|include\s)/.test(l))
    .map((l) => l.replace(/\s+#.*$/, "").replace(/\$(\w+)/g, (m, name: string) => defines.get(name) ?? m));
  return `${lines
    .join("\n")
    .replace(/^\n+/, "")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/\n*$/, "")}\n`;
}

function nftCommand(host: HostState): Command {
  return defineCommand("nft", async (args) => {
    const words = args.filter((a) => !/^-[anscy]+$/.test(a));
    if (words[0] !== "list")
      return fail("Error: changing the ruleset is disabled in this simulated environment; use 'nft list ruleset'", 1);
    const text = await host.fs.readFile(NFTABLES).catch(() => "");
    const ruleset = nftRuleset(text);
    if (words[1] === "ruleset") return ok(ruleset);
    if (words[1] === "tables")
      return ok([...ruleset.matchAll(/^table (\S+ \S+)/gm)].map((m) => `table ${m[1]}\n`).join(""));
    if (words[1] === "table" && words.length >= 3) {
      const name = words.length >= 4 ? `${words[2]} ${words[3]}` : `ip ${words[2]}`;
      const block = new RegExp(`^table ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\{[\\s\\S]*?^\\}$`, "m").exec(
        ruleset,
      );
      return block ? ok(`${block[0]}\n`) : fail(`Error: No such file or directory\nlist table ${name}`, 1);
    }
    return fail(`Error: syntax error, unexpected end of file\nnft ${args.join(" ")}`, 1);
  });
}

export function firewallCommands(host: HostState): Command[] {
  const save = defineCommand("iptables-save", async () =>
    ok(
      await host.fs
        .readFile(RULES_V4)
        .catch(() => `*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\nCOMMIT\n`),
    ),
  );
  const nft = host.fs.entryKind(NFTABLES) === "file" ? [nftCommand(host)] : [];
  return [iptablesCommand(host), save, ...nft];
}
