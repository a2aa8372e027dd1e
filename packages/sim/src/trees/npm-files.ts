import licenses from "./licenses.json";
import type { NpmNode } from "./npm-install";

/**
 * The files a package's tarball leaves in its folder: its package.json (npm 7 and later write
 * nothing of their own into it), a README, the license, the entry point and the commands it
 * installs. Contents are modest and follow from the package's name, version and metadata alone.
 */
export interface PackageFile {
  /** Relative to the package's folder. */
  path: string;
  executable: boolean;
  content: () => string;
}

const LICENSES = licenses as Record<string, string>;

function manifest(node: NpmNode, main: string): string {
  const { entry, known } = node;
  const pkg: Record<string, unknown> = { name: node.name, version: node.version };
  if (known?.description) pkg.description = known.description;
  pkg.main = main;
  if (known?.type) pkg.type = known.type;
  if (entry.bin) pkg.bin = entry.bin;
  pkg.files = ["index.js", "lib", "dist", "bin"].filter((f) => main.startsWith(f) || f === "index.js");
  pkg.repository = { type: "git", url: `git+https://github.com/${node.name.replace(/^@/, "")}.git` };
  pkg.license = entry.license;
  if (entry.dependencies) pkg.dependencies = entry.dependencies;
  if (entry.engines) pkg.engines = entry.engines;
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

function readme(node: NpmNode): string {
  const about = node.known?.description ?? `${node.name} for Node.js.`;
  const id = node.name
    .replace(/^@[^/]+\//, "")
    .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase());
  return `# ${node.name}\n\n${about}\n\n## Install\n\n\`\`\`sh\nnpm install ${node.name}\n\`\`\`\n\n## Usage\n\n\`\`\`js\nconst ${id} = require('${node.name}');\n\`\`\`\n\nSee the documentation in the repository for the full API.\n\n## License\n\n${String(node.entry.license ?? "MIT")}\n`;
}

function license(node: NpmNode, year: number): string | undefined {
  const text =
    LICENSES[
      String(node.entry.license ?? "MIT")
        .replace(/[()]/g, "")
        .split(" OR ")[0]!
    ];
  return text?.replaceAll("{{year}}", String(year)).replaceAll("{{holder}}", `${node.name} contributors`);
}

function entryPoint(node: NpmNode): string {
  const esm = node.known?.type === "module";
  const header = `/*!\n * ${node.name} v${node.version}\n * ${String(node.entry.license ?? "MIT")} licensed\n */\n`;
  const body = esm
    ? `export * from './lib/index.js';\nexport { default } from './lib/index.js';\n`
    : `'use strict';\n\nmodule.exports = require('./lib/index.js');\n`;
  return header + body;
}

/** A command's script, requiring the entry point relative to where the script is. */
function command(main: string, path: string): string {
  const up = "../".repeat(path.split("/").length - 1) || "./";
  return `#!/usr/bin/env node\n'use strict';\n\nrequire('${up}${main}').cli(process.argv.slice(2));\n`;
}

/** The files of a package folder; `year` is the copyright year of its license. */
export function packageFiles(node: NpmNode, year: number): PackageFile[] {
  const main = node.known?.main ?? "index.js";
  const files: PackageFile[] = [
    { path: "package.json", executable: false, content: () => manifest(node, main) },
    { path: "README.md", executable: false, content: () => readme(node) },
    { path: main, executable: false, content: () => entryPoint(node) },
  ];
  const licenseText = license(node, year);
  if (licenseText !== undefined) files.push({ path: "LICENSE", executable: false, content: () => licenseText });
  for (const target of Object.values((node.entry.bin ?? {}) as Record<string, string>)) {
    const path = target.replace(/^\.\//, "");
    if (!files.some((f) => f.path === path)) files.push({ path, executable: true, content: () => command(main, path) });
    else files.find((f) => f.path === path)!.executable = true;
  }
  return files;
}
