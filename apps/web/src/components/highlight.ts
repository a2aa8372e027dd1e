import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import groovy from "highlight.js/lib/languages/groovy";
import ini from "highlight.js/lib/languages/ini";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import nginx from "highlight.js/lib/languages/nginx";
import plaintext from "highlight.js/lib/languages/plaintext";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import type { HLJSApi, LanguageFn } from "highlight.js";

/**
 * Syntax highlighting for the scenario content. Only the languages the content uses are
 * registered (highlight.js/lib/core keeps the bundle small); highlight.js has no grammar for
 * Cisco IOS, OpenSSH configuration or HCL, so small ones are defined here.
 */

const cisco: LanguageFn = (h: HLJSApi) => ({
  name: "Cisco IOS",
  case_insensitive: true,
  keywords: {
    $pattern: /[\w-]+/,
    keyword:
      "interface ip ipv6 access-list access-class access-group permit deny no shutdown hostname username line vty con aaa snmp-server logging service enable secret password transport input output ntp crypto router vlan spanning-tree switchport mode trunk description exit end version banner ssh login local privilege archive standard extended remark community view group user host",
    literal: "any RO RW",
  },
  contains: [
    h.COMMENT(/^\s*!/, /$/),
    h.QUOTE_STRING_MODE,
    { scope: "number", begin: /\b\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?\b/ },
    { scope: "number", begin: /\b\d+\b/, relevance: 0 },
  ],
});

const sshd: LanguageFn = (h: HLJSApi) => ({
  name: "OpenSSH configuration",
  case_insensitive: true,
  contains: [
    h.HASH_COMMENT_MODE,
    { scope: "attr", begin: /^\s*[A-Za-z][A-Za-z0-9]*(?=\s)/ },
    { scope: "literal", begin: /\b(?:yes|no|none|any|all)\b/ },
    h.QUOTE_STRING_MODE,
    { scope: "number", begin: /\b\d+(?:\.\d+){0,3}(?:\/\d{1,2})?\b/, relevance: 0 },
  ],
});

const hcl: LanguageFn = (h: HLJSApi) => ({
  name: "HCL",
  keywords: {
    keyword:
      "resource data variable output locals module provider terraform lifecycle dynamic provisioner backend for in if",
    literal: "true false null",
  },
  contains: [
    h.HASH_COMMENT_MODE,
    h.C_LINE_COMMENT_MODE,
    h.C_BLOCK_COMMENT_MODE,
    { scope: "string", begin: /<<-?\s*([A-Z]+)\s*$/, end: /^\s*[A-Z]+\s*$/ },
    {
      scope: "string",
      begin: /"/,
      end: /"/,
      contains: [h.BACKSLASH_ESCAPE, { scope: "subst", begin: /\$\{/, end: /\}/ }],
    },
    { scope: "attr", begin: /^\s*[\w-]+(?=\s*=)/ },
    { scope: "number", begin: /\b\d+(?:\.\d+)*(?:\/\d{1,2})?\b/, relevance: 0 },
  ],
});

const LANGUAGES: Record<string, LanguageFn> = {
  bash,
  cisco,
  groovy,
  hcl,
  ini,
  javascript,
  json,
  nginx,
  plaintext,
  sshd,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** The content's `lang` values (and a few common names) to the grammar that reads them best. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ["sh", "bash"],
  ["shell", "bash"],
  ["console", "bash"],
  // pg_hba.conf, nftables, iptables-save and rsyslog: "#" comments, quoted strings, words.
  ["conf", "bash"],
  ["iptables", "bash"],
  ["nftables", "bash"],
  ["rsyslog", "bash"],
  // key = value files with [sections] or ";"/"#" comments.
  ["postfix", "ini"],
  ["samba", "ini"],
  ["rsyncd", "ini"],
  ["npmrc", "ini"],
  ["toml", "ini"],
  ["properties", "ini"],
  ["ios", "cisco"],
  ["sshd_config", "sshd"],
  ["ssh_config", "sshd"],
  ["terraform", "hcl"],
  ["tf", "hcl"],
  // named.conf: blocks, "//" comments and quoted strings, as in HCL.
  ["bind", "hcl"],
  ["yml", "yaml"],
  ["html", "xml"],
  ["jenkinsfile", "groovy"],
  ["js", "javascript"],
  ["cjs", "javascript"],
  ["mjs", "javascript"],
  ["text", "plaintext"],
  ["txt", "plaintext"],
  ["log", "plaintext"],
]);

/** The registered grammar for a content `lang`; unknown ones are shown as plain text. */
export function resolveLanguage(lang: string): string {
  const key = lang.trim().toLowerCase();
  if (LANGUAGES[key]) return key;
  return ALIASES.get(key) ?? "plaintext";
}

/** A file name's grammar, for evidence placed at a path ("/opt/x/build.cjs" → javascript). */
export function languageForPath(filePath: string): string {
  const name = filePath.split("/").at(-1)?.toLowerCase() ?? "";
  if (name === "jenkinsfile") return "groovy";
  if (name === "sshd_config") return "sshd";
  if (name === ".bash_history" || name.endsWith(".sh")) return "bash";
  const ext = name.includes(".") ? name.split(".").at(-1)! : "";
  return resolveLanguage(ext);
}

/**
 * The code as highlighted HTML. highlight.js escapes every character of its input (&, <, >, ",
 * ') and only adds its own <span class="hljs-…"> elements, so the result is safe to set as HTML.
 */
export function highlightCode(code: string, lang: string): { html: string; language: string } {
  const language = resolveLanguage(lang);
  return { html: hljs.highlight(code, { language, ignoreIllegals: true }).value, language };
}
