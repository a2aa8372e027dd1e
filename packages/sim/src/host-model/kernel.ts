import type { Distro } from "./distro";
import { choose, fnv1a } from "./hash";

/**
 * The kernel a host booted: a release that belongs to its distribution, and the build string
 * (`uname -v`), builder and compiler that the distribution's own kernel packages carry. uname,
 * /proc/version, dmesg, the journal and `last` all print these, so they always agree.
 */
export interface Kernel {
  /** `uname -r`. */
  release: string;
  /** `uname -v`, in full (uname itself cuts it at 64 characters, as the kernel does). */
  version: string;
  /** "(buildd@lcy02-amd64-079) (gcc … 2.38)": what /proc/version prints between the two. */
  builtBy: string;
  /** Upstream version in Ubuntu's and Debian's signature ("5.15.148"), for dmesg's first line. */
  signature?: string;
}

interface Build {
  /** The part of `uname -v` after "#N" (or the whole of it, for Debian and Rocky). */
  version: string;
  signature?: string;
}

/** Builds the distributions really shipped, so the common kernels print their real strings. */
const UBUNTU_BUILDS: Record<string, Build> = {
  "5.15.0-105-generic": { version: "#115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024", signature: "5.15.148" },
  "5.15.0-107-generic": { version: "#117-Ubuntu SMP Fri Apr 26 12:26:49 UTC 2024", signature: "5.15.149" },
  "5.15.0-112-generic": { version: "#122-Ubuntu SMP Thu May 23 07:48:21 UTC 2024", signature: "5.15.152" },
  "5.15.0-113-generic": { version: "#123-Ubuntu SMP Mon Jun 10 08:16:17 UTC 2024", signature: "5.15.152" },
  "6.5.0-41-generic": {
    version: "#41~22.04.2-Ubuntu SMP PREEMPT_DYNAMIC Mon Jun  3 11:32:55 UTC 2024",
    signature: "6.5.13",
  },
  "5.4.0-182-generic": { version: "#202-Ubuntu SMP Fri Apr 26 12:29:36 UTC 2024", signature: "5.4.268" },
  "6.8.0-31-generic": { version: "#31-Ubuntu SMP PREEMPT_DYNAMIC Sat Apr 20 00:40:06 UTC 2024", signature: "6.8.1" },
};
const DEBIAN_BUILDS: Record<string, string> = {
  "6.1.0-18": "6.1.76-1 (2024-02-01)",
  "6.1.0-21": "6.1.90-1 (2024-05-03)",
  "6.1.0-23": "6.1.99-1 (2024-07-15)",
  "6.1.0-25": "6.1.106-3 (2024-09-04)",
  "6.1.0-26": "6.1.112-1 (2024-09-30)",
  "6.1.0-28": "6.1.119-1 (2024-11-22)",
  "5.10.0-28": "5.10.209-2 (2024-01-31)",
  "5.10.0-32": "5.10.223-1 (2024-08-10)",
};
const ROCKY_BUILDS: Record<string, string> = {
  "5.14.0-427.13.1.el9_4.x86_64": "Wed May 1 19:11:28 UTC 2024",
  "5.14.0-427.22.1.el9_4.x86_64": "Wed Jun 19 17:35:04 UTC 2024",
  "5.14.0-362.24.1.el9_3.x86_64": "Sat Mar 30 14:11:54 UTC 2024",
  "4.18.0-513.24.1.el8_9.x86_64": "Wed Apr 10 08:10:12 UTC 2024",
};

/** Kernels a distribution release boots by default; one is chosen per host. */
const DEFAULTS: Record<string, string[]> = {
  "ubuntu 22.04": ["5.15.0-105-generic", "5.15.0-107-generic", "5.15.0-112-generic", "5.15.0-113-generic"],
  "ubuntu 20.04": ["5.4.0-182-generic"],
  "ubuntu 24.04": ["6.8.0-31-generic"],
  "debian 12": ["6.1.0-25-amd64", "6.1.0-26-amd64", "6.1.0-28-amd64"],
  "debian 11": ["5.10.0-28-amd64", "5.10.0-32-amd64"],
  "rocky 9": ["5.14.0-427.13.1.el9_4.x86_64", "5.14.0-427.22.1.el9_4.x86_64"],
  "rocky 8": ["4.18.0-513.24.1.el8_9.x86_64"],
};

const FITS: Record<Distro["id"], RegExp> = {
  ubuntu: /^\d+\.\d+\.\d+-\d+-(generic|lowlatency|aws|azure|gcp|kvm|virtual)$/,
  debian: /^\d+\.\d+\.\d+-\d+-(amd64|cloud-amd64|rt-amd64|arm64)$/,
  rocky: /^\d+\.\d+\.\d+-[\d.]+\.el\d+(_\d+)?\.x86_64$/,
  other: /./,
};

/** Whether a release is one this distribution ships (an Ubuntu host never runs a Debian kernel). */
export function kernelFits(distro: Distro, release: string): boolean {
  if (!FITS[distro.id].test(release)) return false;
  if (distro.id === "rocky") return release.includes(`.el${distro.versionId[0]}`);
  return true;
}

function defaultRelease(distro: Distro, hostname: string): string {
  const key = `${distro.id} ${distro.id === "rocky" ? distro.versionId[0] : distro.versionId}`;
  const list = DEFAULTS[key] ?? DEFAULTS[`${distro.id} ${distro.id === "ubuntu" ? "22.04" : "12"}`] ?? [];
  return list.length ? choose(hostname, "kernel", list) : "6.1.0-26-amd64";
}

/** A build date for a kernel no table knows: stable per release, in 2024 like the known ones. */
function buildDate(release: string): string {
  const h = fnv1a(release);
  const d = new Date(Date.UTC(2024, h % 9, 1 + (h % 27), (h >>> 8) % 24, (h >>> 13) % 60, (h >>> 19) % 60));
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][d.getUTCDay()]!;
  const month = d.toUTCString().slice(8, 11);
  const time = d.toISOString().slice(11, 19);
  return `${day} ${month} ${String(d.getUTCDate()).padStart(2, " ")} ${time} UTC 2024`;
}

function ubuntuKernel(distro: Distro, release: string): Kernel {
  const known = UBUNTU_BUILDS[release];
  const [, base = "5.15.0", abi = "0"] = /^(\d+\.\d+\.\d+)-(\d+)/.exec(release) ?? [];
  const ga: Record<string, string> = { "20.04": "5.4", "22.04": "5.15", "24.04": "6.8" };
  const hwe = !base.startsWith(ga[distro.versionId] ?? base.slice(0, 4));
  const upload = Number(abi) + (hwe ? 0 : 10);
  const version =
    known?.version ??
    (hwe
      ? `#${upload}~${distro.versionId}.1-Ubuntu SMP PREEMPT_DYNAMIC ${buildDate(release)}`
      : `#${upload}-Ubuntu SMP ${buildDate(release)}`);
  const gcc: Record<string, string> = {
    "20.04": "gcc (Ubuntu 9.4.0-1ubuntu1~20.04.2) 9.4.0, GNU ld (GNU Binutils for Ubuntu) 2.34",
    "22.04": hwe
      ? "x86_64-linux-gnu-gcc-12 (Ubuntu 12.3.0-1ubuntu1~22.04) 12.3.0, GNU ld (GNU Binutils for Ubuntu) 2.38"
      : "gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38",
    "24.04": "x86_64-linux-gnu-gcc-13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) 2.42",
  };
  const builder = `buildd@lcy02-amd64-${String(fnv1a(release) % 120).padStart(3, "0")}`;
  return {
    release,
    version,
    builtBy: `(${builder}) (${gcc[distro.versionId] ?? gcc["22.04"]})`,
    signature: known?.signature ?? `${base.split(".").slice(0, 2).join(".")}.${100 + (fnv1a(release) % 60)}`,
  };
}

function debianKernel(distro: Distro, release: string): Kernel {
  const key = /^\d+\.\d+\.0-\d+/.exec(release)?.[0] ?? release;
  const series = key.split(".").slice(0, 2).join(".");
  const upstream = DEBIAN_BUILDS[key] ?? `${series}.${100 + (fnv1a(release) % 20)}-1 (2024-06-15)`;
  const preempt = distro.versionId === "11" ? "SMP" : "SMP PREEMPT_DYNAMIC";
  const gcc =
    distro.versionId === "11"
      ? "gcc-10 (Debian 10.2.1-6) 10.2.1 20210110, GNU ld (GNU Binutils for Debian) 2.35.2"
      : "gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40";
  return {
    release,
    version: `#1 ${preempt} Debian ${upstream}`,
    builtBy: `(debian-kernel@lists.debian.org) (${gcc})`,
    signature: upstream.split(" ")[0],
  };
}

function rockyKernel(distro: Distro, release: string): Kernel {
  const date = ROCKY_BUILDS[release] ?? buildDate(release);
  const gcc = distro.versionId.startsWith("8")
    ? "gcc version 8.5.0 20210514 (Red Hat 8.5.0-20) (GCC)"
    : "gcc (GCC) 11.4.1 20231218 (Red Hat 11.4.1-3), GNU ld version 2.35.2-43.el9";
  return {
    release,
    version: `#1 SMP PREEMPT_DYNAMIC ${date}`,
    builtBy: `(mockbuild@iad1-prod-build001.bld.equ.rockylinux.org) (${gcc})`,
  };
}

/**
 * The host's kernel. The content's `kernel` is kept when it is one this distribution ships; the
 * schema's default (a Debian kernel) on an Ubuntu or Rocky host is replaced by one of that host's
 * own distribution, chosen by hostname so a host keeps its kernel from case to case.
 */
export function deriveKernel(distro: Distro, contentKernel: string, hostname: string): Kernel {
  const release = kernelFits(distro, contentKernel) ? contentKernel : defaultRelease(distro, hostname);
  if (distro.id === "ubuntu") return ubuntuKernel(distro, release);
  if (distro.id === "debian") return debianKernel(distro, release);
  if (distro.id === "rocky") return rockyKernel(distro, release);
  return { release, version: "#1 SMP PREEMPT_DYNAMIC", builtBy: "(builder@localhost) (gcc 12.2.0)" };
}

/** `uname -v`: the kernel keeps 64 characters of its version (so Ubuntu's HWE dates lose the year). */
export const unameVersion = (k: Kernel): string => k.version.slice(0, 64);

/** /proc/version, and the first line of dmesg. */
export function procVersion(k: Kernel, distro: Distro): string {
  const sig =
    distro.id === "ubuntu" && k.signature
      ? ` (Ubuntu ${k.release.replace(/-(generic|[a-z]+)$/, "")}.${/#([^-\s]+)-Ubuntu/.exec(k.version)?.[1] ?? "1"}-${k.release.split("-").pop()} ${k.signature})`
      : "";
  return `Linux version ${k.release} ${k.builtBy} ${k.version}${sig}`;
}
