import type { Random } from "../random";
import type { TreeEntry } from "./index";
import layout from "./suitecrm-7.14.json";

/**
 * A SuiteCRM 7.14 web root as a checkout and `composer install` leave it, after the install
 * guide's permissions: the application's modules, include/, themes/, the Composer vendor tree,
 * and what running it writes (cache/, custom/ extensions, uploaded documents). File names come
 * from suitecrm-7.14.json; contents are short and of the file's kind.
 */
interface SuiteLayout {
  version: string;
  header: string;
  root: string[];
  modules: [string, string][];
  module_files: string[];
  include: string[];
  api: string[];
  themes: string[];
  other: string[];
  cache: string[];
  cached_vardefs: string[];
  custom: string[];
  uploads: number;
  vendor: [string, string][];
  vendor_files: string[];
  writable: string[];
}
const L = layout as SuiteLayout;
const HOUR = 3_600_000;

const className = (path: string) =>
  path
    .slice(path.lastIndexOf("/") + 1)
    .replace(/\.[a-z]+$/, "")
    .replace(/[^A-Za-z0-9_]/g, "_");

/** A PHP source file of the application: the license header and a body of the file's kind. */
function php(path: string): string {
  const name = className(path);
  const module = /modules\/([^/]+)\//.exec(path)?.[1] ?? "";
  if (name === "vardefs" || name.endsWith("vardefs"))
    return `${L.header}\n$dictionary['${module || name}'] = array(\n    'table' => '${module.toLowerCase()}',\n    'audited' => true,\n    'fields' => array(),\n);\n`;
  if (path.includes("/metadata/") && module)
    return `${L.header}\n$viewdefs['${module}']['${name.replace(/viewdefs$/, "")}'] = array(\n    'templateMeta' => array('maxColumns' => '2'),\n    'panels' => array(),\n);\n`;
  if (path.includes("/language/"))
    return `${L.header}\n$mod_strings = array(\n    'LBL_MODULE_NAME' => '${module || "SuiteCRM"}',\n);\n`;
  if (name === "Menu")
    return `${L.header}\nglobal $mod_strings, $app_strings, $sugar_config;\n\nif (ACLController::checkAccess('${module}', 'edit', true)) {\n    $module_menu[] = array('index.php?module=${module}&action=EditView&return_module=${module}&return_action=DetailView', $mod_strings['LNK_NEW_RECORD'], 'Create', '${module}');\n}\n`;
  return `${L.header}\nclass ${name}\n{\n    public function __construct()\n    {\n    }\n}\n`;
}

/** Bytes of the right kind for what is not PHP: scripts, styles, templates, images. */
function asset(path: string): string {
  if (path.endsWith(".css"))
    return `/* SuiteP ${L.version} */\nbody{font-family:Lato,Arial,sans-serif;background:#f5f5f5}\n.navbar{background:#534d64}\n`;
  if (path.endsWith(".js"))
    return `/* SuiteCRM ${L.version}, generated ${className(path)} */\nvar SUGAR=SUGAR||{};SUGAR.util=SUGAR.util||{};\n`;
  if (path.endsWith(".tpl")) return `{* SuiteP template *}\n<div class="${className(path)}">{$content}</div>\n`;
  if (path.endsWith(".png")) return "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
  if (path.endsWith(".gif")) return "GIF89a\x01\0\x01\0\x80\0\0";
  if (path.endsWith(".ico")) return "\0\0\x01\0\x01\0\x10\x10";
  return `${className(path)}\n`;
}

function rootFile(path: string): string {
  if (path === "composer.json")
    return `${JSON.stringify({ name: "salesagility/suitecrm", description: "SuiteCRM", type: "project", license: "AGPL-3.0-or-later", require: Object.fromEntries(L.vendor.filter(([n]) => n !== "composer/installers").map(([n, v]) => [n, `^${v.replace(/^v/, "")}`])) }, null, 4)}\n`;
  if (path === "composer.lock")
    return `${JSON.stringify({ _readme: ["This file locks the dependencies of your project to a known state"], packages: L.vendor.map(([name, version]) => ({ name, version, type: "library" })) }, null, 4)}\n`;
  if (path === "sugar_version.json")
    return `{"sugar_version":"6.5.25","sugar_db_version":"6.5.25","suitecrm_version":"${L.version}"}\n`;
  if (path === "suitecrm_version.php")
    return `<?php\nif (!defined('sugarEntry') || !sugarEntry) {\n    die('Not A Valid Entry Point');\n}\n\n$suitecrm_version = '${L.version}';\n$suitecrm_timestamp = '2024-04-02 12:00:00';\n`;
  if (path === "config.php")
    return `<?php\n$sugar_config = array (\n  'dbconfig' =>\n  array (\n    'db_host_name' => getenv('DB_HOST'),\n    'db_user_name' => getenv('DB_USER'),\n    'db_password' => getenv('DB_PASSWORD'),\n    'db_name' => getenv('DB_NAME'),\n    'db_type' => 'mysql',\n  ),\n  'default_currency_iso4217' => 'USD',\n  'log_dir' => '.',\n  'upload_dir' => 'upload/',\n  'suitecrm_version' => '${L.version}',\n);\n`;
  if (path === "robots.txt") return "User-agent: *\nDisallow: /\n";
  if (path === "crossdomain.xml") return `<?xml version="1.0"?>\n<cross-domain-policy>\n</cross-domain-policy>\n`;
  if (path.endsWith(".md") || path.endsWith(".txt"))
    return `SuiteCRM ${L.version}\n\nGNU AFFERO GENERAL PUBLIC LICENSE, Version 3.\n`;
  return php(path);
}

function vendorFile(pkg: string, version: string, file: string): string {
  if (file === "composer.json")
    return `${JSON.stringify({ name: pkg, description: `${pkg.split("/")[1]} for PHP`, type: "library", license: "MIT", version: version.replace(/^v/, "") }, null, 4)}\n`;
  if (file === "LICENSE")
    return `Copyright (c) ${pkg.split("/")[0]}\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software.\n`;
  if (file === "README.md") return `# ${pkg}\n\n\`composer require ${pkg}\`\n`;
  return `<?php\n\nnamespace ${pkg
    .split("/")
    .map((p) => p.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()))
    .join("\\")};\n\nclass ${className(file)}\n{\n}\n`;
}

const vendorClass = (pkg: string) => pkg.split("/")[1]!.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** Every file of the web root; `untilMs` bounds what running the application wrote since. */
export function suitecrmFiles(rng: Random, installedMs: number, untilMs: number): TreeEntry[] {
  const writable = (path: string) => L.writable.some((w) => path === w || path.startsWith(`${w}/`));
  const at = (path: string, content: () => string, mtimeMs = installedMs): TreeEntry => ({
    path,
    mode: writable(path) ? 0o664 : 0o644,
    mtimeMs,
    content,
  });
  const since = (r: Random) => installedMs + Math.floor(r.next() * Math.max(HOUR, untilMs - installedMs - HOUR));
  const entries: TreeEntry[] = L.root.map((p) => at(p, () => rootFile(p)));
  for (const [module, bean] of L.modules) {
    entries.push(at(`modules/${module}/${bean}.php`, () => php(`modules/${module}/${bean}.php`)));
    for (const f of L.module_files) entries.push(at(`modules/${module}/${f}`, () => php(`modules/${module}/${f}`)));
  }
  for (const list of [L.include.map((p) => `include/${p}`), L.api, L.other, L.themes.map((p) => `themes/${p}`)])
    for (const p of list) entries.push(at(p, () => (p.endsWith(".php") ? php(p) : asset(p))));
  for (const p of [...L.cache, ...L.cached_vardefs.map((v) => `modules/${v}`)])
    entries.push(at(`cache/${p}`, () => (p.endsWith(".php") ? php(`cache/${p}`) : asset(p)), since(rng)));
  for (const p of L.custom) entries.push(at(`custom/${p}`, () => php(`custom/${p}`)));
  for (let i = 0; i < L.uploads; i++) {
    const id = `${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`;
    const pdf = rng.next() < 0.7;
    entries.push(
      at(
        `upload/${id}`,
        () => (pdf ? `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n` : "PK\x03\x04\x14\0\x06\0"),
        since(rng),
      ),
    );
  }
  for (const [pkg, version] of L.vendor)
    for (const f of L.vendor_files) {
      const file = f.replace("{{class}}", vendorClass(pkg));
      entries.push(at(`vendor/${pkg}/${file}`, () => vendorFile(pkg, version, file)));
    }
  const autoload = [
    "autoload.php",
    "composer/ClassLoader.php",
    "composer/autoload_classmap.php",
    "composer/autoload_psr4.php",
    "composer/autoload_real.php",
    "composer/autoload_static.php",
    "composer/platform_check.php",
  ];
  for (const f of autoload)
    entries.push(at(`vendor/${f}`, () => `<?php\n\n// autoload ${className(f)} @generated by Composer\n`));
  entries.push(
    at(
      "vendor/composer/installed.json",
      () =>
        `${JSON.stringify({ packages: L.vendor.map(([name, version]) => ({ name, version, type: "library", "install-path": `../${name}` })), dev: false }, null, 4)}\n`,
    ),
  );
  return entries;
}

/** Folders the install guide makes group-writable for the web server (chmod -R 775). */
export const suitecrmWritable = (path: string) => L.writable.some((w) => path === w || path.startsWith(`${w}/`));
