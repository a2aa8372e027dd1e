import { describe, expect, it } from "vitest";
import { checkCodeGrammar } from "./code-grammar";

describe("checkCodeGrammar", () => {
  it("parses JSON and YAML for real", () => {
    expect(checkCodeGrammar("json", '{"a": 1}')).toEqual([]);
    expect(checkCodeGrammar("json", '{"a": 1,}')[0]).toMatch(/JSON does not parse/);
    expect(checkCodeGrammar("yaml", "a: 1\nb: [1, 2]\n")).toEqual([]);
    expect(checkCodeGrammar("yaml", "a: [1, 2\nb: 3")[0]).toMatch(/YAML does not parse/);
  });

  it("knows the sshd_config keywords", () => {
    expect(
      checkCodeGrammar(
        "sshd",
        "PermitRootLogin no\n# comment\nPasswordAuthentication no\nMatch Group admins\n  AllowTcpForwarding no",
      ),
    ).toEqual([]);
    expect(checkCodeGrammar("sshd", "PermitRootLogon no")).toEqual(['unknown sshd_config keyword "permitrootlogon"']);
  });

  it("checks block structure of HCL and nginx, ignoring braces in strings and comments", () => {
    expect(checkCodeGrammar("hcl", 'resource "x" "y" {\n  tags = { Name = "a}" } # }\n}')).toEqual([]);
    expect(checkCodeGrammar("nginx", "server {\n  location / {\n}")).toEqual(["unbalanced braces in nginx code"]);
  });
});
