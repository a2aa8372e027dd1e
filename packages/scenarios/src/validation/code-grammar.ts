import { parse as parseYaml } from "yaml";

/**
 * Light grammar checks for configuration code, by language: real parsers where one is at hand
 * (JSON, YAML), the real keyword set for sshd_config, and structural checks (balanced braces
 * and quotes) for block languages such as HCL, nginx and Jenkins/Groovy. Returns problems.
 */

const SSHD_KEYWORDS = new Set(
  `acceptenv addressfamily allowagentforwarding allowgroups allowstreamlocalforwarding
  allowtcpforwarding allowusers authenticationmethods authorizedkeyscommand
  authorizedkeyscommanduser authorizedkeysfile authorizedprincipalscommand
  authorizedprincipalscommanduser authorizedprincipalsfile banner casignaturealgorithms
  challengeresponseauthentication chrootdirectory ciphers clientalivecountmax
  clientaliveinterval compression denygroups denyusers disableforwarding exposeauthinfo
  fingerprinthash forcecommand gatewayports gssapiauthentication gssapicleanupcredentials
  hostbasedacceptedalgorithms hostbasedauthentication hostbasedusesnamefrompacketonly
  hostcertificate hostkey hostkeyagent hostkeyalgorithms ignorerhosts ignoreuserknownhosts
  include ipqos kbdinteractiveauthentication kerberosauthentication kexalgorithms listenaddress
  logingracetime loglevel macs match maxauthtries maxsessions maxstartups modulifile
  passwordauthentication permitemptypasswords permitlisten permitopen permitrootlogin
  permittty permittunnel permituserenvironment permituserrc persourcemaxstartups pidfile port
  printlastlog printmotd pubkeyacceptedalgorithms pubkeyauthentication rekeylimit
  requiredrsasize revokedkeys securitykeyprovider setenv streamlocalbindmask
  streamlocalbindunlink strictmodes subsystem syslogfacility tcpkeepalive trustedusercakeys
  usedns usepam versionaddendum x11displayoffset x11forwarding x11uselocalhost xauthlocation`
    .split(/\s+/)
    .filter(Boolean),
);

function balanced(code: string, open: string, close: string): boolean {
  let depth = 0;
  for (const ch of code) {
    if (ch === open) depth++;
    if (ch === close) depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** Strip comments and string literals so brace counting sees only structure. */
function structureOnly(code: string, comment: RegExp): string {
  return code
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(comment, "");
}

export function checkCodeGrammar(lang: string, code: string): string[] {
  const problems: string[] = [];
  switch (lang.toLowerCase()) {
    case "json":
      try {
        JSON.parse(code);
      } catch (e) {
        problems.push(`JSON does not parse: ${(e as Error).message}`);
      }
      break;
    case "yaml":
    case "yml":
      try {
        parseYaml(code);
      } catch (e) {
        problems.push(`YAML does not parse: ${(e as Error).message.split("\n")[0]}`);
      }
      break;
    case "sshd":
    case "sshd_config": {
      for (const line of code.split("\n")) {
        const t = line.trim();
        if (!t || t.startsWith("#")) continue;
        const keyword = t.split(/\s+/)[0]!.toLowerCase();
        if (!SSHD_KEYWORDS.has(keyword)) problems.push(`unknown sshd_config keyword "${keyword}"`);
      }
      break;
    }
    case "hcl":
    case "terraform":
    case "nginx":
    case "groovy":
    case "jenkinsfile":
    case "javascript":
    case "typescript":
    case "java": {
      const s = structureOnly(code, /(?:#|\/\/)[^\n]*|\/\*[\s\S]*?\*\//g);
      if (!balanced(s, "{", "}")) problems.push(`unbalanced braces in ${lang} code`);
      if (!balanced(s, "(", ")")) problems.push(`unbalanced parentheses in ${lang} code`);
      if (!balanced(s, "[", "]")) problems.push(`unbalanced brackets in ${lang} code`);
      break;
    }
    case "xml": {
      const opens = (code.match(/<[A-Za-z][^>]*[^/]>|<[A-Za-z]>/g) ?? []).filter((t) => !t.startsWith("<?")).length;
      const closes = (code.match(/<\/[A-Za-z][^>]*>/g) ?? []).length;
      if (opens !== closes) problems.push(`XML has ${opens} opening and ${closes} closing tags`);
      break;
    }
    default:
      break;
  }
  return problems;
}
