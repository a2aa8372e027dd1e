import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CodeBlock } from "./code-block";
import { languageForPath, resolveLanguage } from "./highlight";

describe("CodeBlock", () => {
  it("highlights the content's languages with highlight.js", () => {
    render(<CodeBlock code={"server {\n  listen 443 ssl;\n  # TLS only\n}"} lang="nginx" />);
    const code = screen.getByTestId("code-block");
    expect(code).toHaveAttribute("data-language", "nginx");
    expect(code.querySelector(".hljs-comment")?.textContent).toBe("# TLS only");
    expect(code).toHaveTextContent("server { listen 443 ssl; # TLS only }");
    expect(screen.getByText("nginx")).toBeInTheDocument();
  });

  it("shows markup in the code as text, never as elements", () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { container } = render(<CodeBlock code={hostile} lang="xml" />);
    expect(container.querySelector("img, script")).toBeNull();
    expect(screen.getByTestId("code-block").textContent).toBe(hostile);
  });

  it("reads an unknown language as plain text", () => {
    render(<CodeBlock code="<b>plain</b>" lang="klingon" />);
    const code = screen.getByTestId("code-block");
    expect(code).toHaveAttribute("data-language", "plaintext");
    expect(code.querySelector("b")).toBeNull();
    expect(code.textContent).toBe("<b>plain</b>");
  });

  it("has grammars for the configuration languages highlight.js lacks", () => {
    const { rerender } = render(<CodeBlock code={"!\nsnmp-server community k3str3l RW\n"} lang="cisco" />);
    expect(screen.getByTestId("code-block").querySelector(".hljs-comment")).not.toBeNull();
    expect(screen.getByTestId("code-block").querySelector(".hljs-keyword")?.textContent).toBe("snmp-server");
    rerender(<CodeBlock code={"PermitRootLogin no\n"} lang="sshd" />);
    expect(screen.getByTestId("code-block").querySelector(".hljs-attr")?.textContent).toBe("PermitRootLogin");
    rerender(<CodeBlock code={'resource "aws_instance" "x" {\n  ami = "ami-1"\n}'} lang="hcl" />);
    expect(screen.getByTestId("code-block").querySelector(".hljs-keyword")?.textContent).toBe("resource");
  });

  it("maps the content's lang values and file names to registered grammars", () => {
    expect(["postfix", "samba", "rsyncd", "ini"].map(resolveLanguage)).toEqual(["ini", "ini", "ini", "ini"]);
    expect(["conf", "iptables", "rsyslog"].map(resolveLanguage)).toEqual(["bash", "bash", "bash"]);
    expect(["sshd_config", "terraform", "bind", "YAML"].map(resolveLanguage)).toEqual(["sshd", "hcl", "hcl", "yaml"]);
    expect(languageForPath("/srv/app/node_modules/x/scripts/build.cjs")).toBe("javascript");
    expect(languageForPath("/home/dev/.bash_history")).toBe("bash");
    expect(languageForPath("/srv/ci/Jenkinsfile")).toBe("groovy");
    expect(languageForPath("/var/log/auth.log")).toBe("plaintext");
  });
});
