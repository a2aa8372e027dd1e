/**
 * The distribution a host runs, read from its content's `os` ("Ubuntu 22.04.4 LTS (nginx 1.24)",
 * "Debian GNU/Linux 12 (bookworm)", "Rocky Linux 9.4 (Blue Onyx)"). Everything that differs
 * between distributions and that commands show comes from here, so one host never mixes two.
 */
export type DistroId = "ubuntu" | "debian" | "rocky" | "other";

export interface Distro {
  id: DistroId;
  /** Debian and Ubuntu share most conventions; Rocky follows Red Hat's. */
  family: "debian" | "rhel" | "other";
  /** NAME in os-release. */
  name: string;
  /** "22.04", "12", "9.4". */
  versionId: string;
  /** The point release when the content names one ("22.04.4"), else versionId. */
  release: string;
  codename: string;
  /** "Jammy Jellyfish", "bookworm", "Blue Onyx". */
  codenameTitle: string;
  prettyName: string;
  /** Where packaged unit files live. */
  unitDir: string;
  /** systemctl's word before the preset in "Loaded:" ("vendor preset" before systemd 250). */
  presetWord: string;
  systemd: { version: number; package: string };
  /** The content's own words, for hosts that are not a Linux distribution (switches, firewalls). */
  os: string;
}

interface Known {
  codename: string;
  title: string;
  systemd: [number, string];
}

const UBUNTU: Record<string, Known> = {
  "20.04": { codename: "focal", title: "Focal Fossa", systemd: [245, "245.4-4ubuntu3.23"] },
  "22.04": { codename: "jammy", title: "Jammy Jellyfish", systemd: [249, "249.11-0ubuntu3.12"] },
  "24.04": { codename: "noble", title: "Noble Numbat", systemd: [255, "255.4-1ubuntu8"] },
};
const DEBIAN: Record<string, Known> = {
  "11": { codename: "bullseye", title: "bullseye", systemd: [247, "247.3-7+deb11u5"] },
  "12": { codename: "bookworm", title: "bookworm", systemd: [252, "252.30-1~deb12u2"] },
};
const ROCKY: Record<string, Known> = {
  "8": { codename: "green obsidian", title: "Green Obsidian", systemd: [239, "239-82.el8"] },
  "9": { codename: "blue onyx", title: "Blue Onyx", systemd: [252, "252-32.el9_4"] },
};

function ubuntu(os: string): Distro {
  const release = /(\d{2}\.\d{2}(?:\.\d+)?)/.exec(os)?.[1] ?? "22.04";
  const versionId = release.slice(0, 5);
  const known = UBUNTU[versionId] ?? UBUNTU["22.04"]!;
  return {
    id: "ubuntu",
    family: "debian",
    name: "Ubuntu",
    versionId,
    release,
    codename: known.codename,
    codenameTitle: known.title,
    prettyName: `Ubuntu ${release} LTS`,
    unitDir: "/lib/systemd/system",
    presetWord: known.systemd[0] < 250 ? "vendor preset" : "preset",
    systemd: { version: known.systemd[0], package: known.systemd[1] },
    os,
  };
}

function debian(os: string): Distro {
  const versionId = /\b(1[0-3])\b/.exec(os)?.[1] ?? "12";
  const known = DEBIAN[versionId] ?? DEBIAN["12"]!;
  return {
    id: "debian",
    family: "debian",
    name: "Debian GNU/Linux",
    versionId,
    release: versionId,
    codename: known.codename,
    codenameTitle: known.title,
    prettyName: `Debian GNU/Linux ${versionId} (${known.codename})`,
    unitDir: "/lib/systemd/system",
    presetWord: known.systemd[0] < 250 ? "vendor preset" : "preset",
    systemd: { version: known.systemd[0], package: known.systemd[1] },
    os,
  };
}

function rocky(os: string): Distro {
  const versionId = /\b([89]\.\d+)\b/.exec(os)?.[1] ?? "9.4";
  const known = ROCKY[versionId[0]!] ?? ROCKY["9"]!;
  return {
    id: "rocky",
    family: "rhel",
    name: "Rocky Linux",
    versionId,
    release: versionId,
    codename: known.codename,
    codenameTitle: known.title,
    prettyName: `Rocky Linux ${versionId} (${known.title})`,
    unitDir: "/usr/lib/systemd/system",
    presetWord: known.systemd[0] < 250 ? "vendor preset" : "preset",
    systemd: { version: known.systemd[0], package: known.systemd[1] },
    os,
  };
}

/** Hosts that are not a Linux distribution keep the content's words and generic conventions. */
function other(os: string): Distro {
  return {
    id: "other",
    family: "other",
    name: os.replace(/\s+[\d.]+.*$/, "").trim() || os,
    versionId: /([\d.]+)/.exec(os)?.[1] ?? "",
    release: /([\d.]+)/.exec(os)?.[1] ?? "",
    codename: "",
    codenameTitle: "",
    prettyName: os,
    unitDir: "/lib/systemd/system",
    presetWord: "preset",
    systemd: { version: 252, package: "252" },
    os,
  };
}

export function parseDistro(os: string): Distro {
  if (/ubuntu/i.test(os)) return ubuntu(os);
  if (/debian/i.test(os)) return debian(os);
  if (/rocky|red hat|rhel|alma|centos/i.test(os)) return rocky(os);
  return other(os);
}

/** /etc/os-release as the distribution ships it. */
export function osRelease(d: Distro): string {
  const lines: Record<DistroId, () => string[]> = {
    ubuntu: () => [
      `PRETTY_NAME="${d.prettyName}"`,
      `NAME="Ubuntu"`,
      `VERSION_ID="${d.versionId}"`,
      `VERSION="${d.release} LTS (${d.codenameTitle})"`,
      `VERSION_CODENAME=${d.codename}`,
      "ID=ubuntu",
      "ID_LIKE=debian",
      `HOME_URL="https://www.ubuntu.com/"`,
      `SUPPORT_URL="https://help.ubuntu.com/"`,
      `BUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"`,
      `PRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"`,
      `UBUNTU_CODENAME=${d.codename}`,
    ],
    debian: () => [
      `PRETTY_NAME="${d.prettyName}"`,
      `NAME="Debian GNU/Linux"`,
      `VERSION_ID="${d.versionId}"`,
      `VERSION="${d.versionId} (${d.codename})"`,
      `VERSION_CODENAME=${d.codename}`,
      "ID=debian",
      `HOME_URL="https://www.debian.org/"`,
      `SUPPORT_URL="https://www.debian.org/support"`,
      `BUG_REPORT_URL="https://bugs.debian.org/"`,
    ],
    rocky: () => [
      `NAME="Rocky Linux"`,
      `VERSION="${d.versionId} (${d.codenameTitle})"`,
      `ID="rocky"`,
      `ID_LIKE="rhel centos fedora"`,
      `VERSION_ID="${d.versionId}"`,
      `PLATFORM_ID="platform:el${d.versionId[0]}"`,
      `PRETTY_NAME="${d.prettyName}"`,
      `ANSI_COLOR="0;32"`,
      `LOGO="fedora-logo-icon"`,
      `CPE_NAME="cpe:/o:rocky:rocky:${d.versionId[0]}::baseos"`,
      `HOME_URL="https://rockylinux.org/"`,
      `BUG_REPORT_URL="https://bugs.rockylinux.org/"`,
      `ROCKY_SUPPORT_PRODUCT="Rocky-Linux-${d.versionId[0]}"`,
      `ROCKY_SUPPORT_PRODUCT_VERSION="${d.versionId}"`,
    ],
    other: () => [`PRETTY_NAME="${d.os}"`, `NAME="${d.name}"`, `VERSION="${d.versionId}"`, "ID=linux"],
  };
  return `${lines[d.id]().join("\n")}\n`;
}
