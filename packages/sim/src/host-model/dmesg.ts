import type { Distro } from "./distro";
import { diskSize, type Hardware } from "./hardware";
import { between, hexFrom } from "./hash";
import { procVersion, type Kernel } from "./kernel";

/**
 * The kernel ring buffer of the current boot, short and deterministic: the Linux version line
 * that /proc/version and `uname` agree with, the command line, memory, CPUs, the disk and the NIC
 * of the host's hardware, the root filesystem and systemd starting. dmesg prints it; the journal
 * carries the same lines as the boot's kernel messages.
 */
export interface DmesgLine {
  /** Seconds since boot. */
  t: number;
  /** syslog level: 5 notice, 6 info. */
  level: number;
  text: string;
}

export interface DmesgInput {
  distro: Distro;
  kernel: Kernel;
  hardware: Hardware;
  hostname: string;
  rootUuid: string;
  seed: string;
}

/** /proc/cmdline: how the boot loader started this kernel. */
export function kernelCommandLine(i: DmesgInput): string {
  if (i.distro.family === "rhel")
    return `BOOT_IMAGE=(hd0,gpt2)/vmlinuz-${i.kernel.release} root=UUID=${i.rootUuid} ro crashkernel=1G-4G:192M,4G-64G:256M,64G-:512M console=tty0 console=ttyS0,115200n8 no_timer_check net.ifnames=0`;
  return `BOOT_IMAGE=/boot/vmlinuz-${i.kernel.release} root=UUID=${i.rootUuid} ro console=tty1 console=ttyS0`;
}

function early(i: DmesgInput): [number, string][] {
  const memK = i.hardware.memTotalKb;
  const reserved = Math.round(memK * 0.021);
  return [
    [0, procVersion(i.kernel, i.distro)],
    [0, `Command line: ${kernelCommandLine(i)}`],
    [0, "BIOS-provided physical RAM map:"],
    [0, "BIOS-e820: [mem 0x0000000000000000-0x000000000009fbff] usable"],
    [0, "DMI: QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.16.2-debian-1.16.2-1 04/01/2014"],
    [0, "Hypervisor detected: KVM"],
    [0, `tsc: Detected ${i.hardware.cpuMhz} MHz processor`],
    [
      0.012,
      `Memory: ${memK - reserved}K/${memK + 262_140}K available (16384K kernel code, 4400K rwdata, 10500K rodata, 3200K init, 4740K bss, ${reserved}K reserved, 0K cma-reserved)`,
    ],
    [0.031, `smpboot: Allowing ${i.hardware.cpus} CPUs, 0 hotplug CPUs`],
    [0.142, `smpboot: CPU0: ${i.hardware.cpuModel} (family: 0x6, model: 0x6a, stepping: 0x6)`],
    [0.198, `smp: Brought up 1 node, ${i.hardware.cpus} CPUs`],
    [0.61, "Freeing unused kernel image (initmem) memory: 3200K"],
    [0.62, "Run /init as init process"],
  ];
}

function devices(i: DmesgInput): [number, string][] {
  const sectors = i.hardware.diskSectors;
  const rhel = i.distro.family === "rhel";
  return [
    [1.18, `virtio_blk virtio2: [vda] ${sectors} 512-byte logical blocks (${diskSize(sectors)})`],
    [1.19, rhel ? " vda: vda1 vda2 vda3 vda4" : " vda: vda1 vda14 vda15"],
    [1.27, `e1000 0000:00:03.0 eth0: (PCI:33MHz:32-bit) ${i.hardware.mac}`],
    [1.27, "e1000 0000:00:03.0 eth0: Intel(R) PRO/1000 Network Connection"],
    [
      1.94,
      rhel
        ? "XFS (vda4): Mounting V5 Filesystem"
        : "EXT4-fs (vda1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.",
    ],
  ];
}

/** systemd's compile-time features, as its first line lists them (Red Hat builds without AppArmor). */
const features = (rhel: boolean) =>
  `+PAM +AUDIT +SELINUX ${rhel ? "-APPARMOR" : "+APPARMOR"} +IMA +SMACK +SECCOMP +GCRYPT +GNUTLS +OPENSSL +ACL +BLKID +CURL +ELFUTILS +FIDO2 +IDN2 -IDN +IPTC +KMOD +LIBCRYPTSETUP +LIBFDISK +PCRE2 -PWQUALITY -P11KIT -QRENCODE +BZIP2 +LZ4 +XZ +ZLIB +ZSTD -XKBCOMMON +UTMP +SYSVINIT default-hierarchy=unified`;

function userspace(i: DmesgInput): [number, string][] {
  const sd = i.distro.systemd;
  const rhel = i.distro.family === "rhel";
  return [
    [2.71, `systemd[1]: systemd ${sd.package} running in system mode (${features(rhel)})`],
    [2.72, "systemd[1]: Detected virtualization kvm."],
    [2.72, "systemd[1]: Detected architecture x86-64."],
    [2.75, `systemd[1]: Hostname set to <${i.hostname}>.`],
    [
      3.9,
      rhel
        ? "SELinux:  policy capability network_peer_controls=1"
        : "EXT4-fs (vda1): re-mounted. Opts: errors=remount-ro. Quota mode: none.",
    ],
    [
      5.4,
      rhel
        ? `audit: type=1403 audit(${between(i.seed, "audit", 1, 999)}.${between(i.seed, "audit-ms", 100, 999)}:2): auid=4294967295 ses=4294967295 lsm=selinux res=1`
        : 'audit: type=1400 audit(0.0:2): apparmor="STATUS" operation="profile_load" profile="unconfined" name="/usr/sbin/rsyslogd" pid=612 comm="apparmor_parser"',
    ],
    [8.02, "e1000: eth0 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX"],
    [8.03, "IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready"],
  ];
}

/** Small per-host shifts (kept in order), so two hosts' ring buffers do not share every timestamp. */
export function dmesgLines(i: DmesgInput): DmesgLine[] {
  let previous = 0;
  return [...early(i), ...devices(i), ...userspace(i)].map(([t, text], n) => {
    const shifted = t === 0 ? 0 : t + between(i.seed, `dmesg:${n}`, 0, 40_000) / 1e6;
    previous = Math.max(previous, Math.round(shifted * 1e6) / 1e6);
    // Nothing on a healthy boot is above info, but the audit subsystem's notices.
    const level = text.startsWith("audit:") ? 5 : 6;
    return { t: previous, level, text };
  });
}

/** "[    1.180000]": seconds since boot, as dmesg prints them. */
export function dmesgStamp(t: number): string {
  return `[${t.toFixed(6).padStart(12, " ")}]`;
}

/** A filesystem UUID for the root disk, stable per host. */
export function rootUuid(hostname: string): string {
  const h = hexFrom(hostname, "root-uuid", 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
