import { between, choose } from "./hash";

/**
 * The virtual machine under a host: memory, CPUs, disk and NIC. Chosen by hostname (a host keeps
 * its hardware from case to case); free, df, ip, ps (%MEM), dmesg and /proc read it.
 */
export interface Hardware {
  memTotalKb: number;
  cpus: number;
  cpuModel: string;
  cpuMhz: string;
  /** Root disk in 512-byte sectors. */
  diskSectors: number;
  mac: string;
}

const CPU_MODELS = [
  "Intel Xeon Processor (Icelake)",
  "Intel Xeon Processor (Cascadelake)",
  "AMD EPYC-Milan Processor",
  "Intel(R) Xeon(R) Gold 6248R CPU @ 3.00GHz",
];

/** MemTotal as Linux reports it for 4, 8 and 16 GiB guests (a little under the nominal size). */
const MEMORY_KB = [4_025_360, 8_139_252, 16_370_920];

/** The MAC `ip link` has always printed: QEMU's prefix and the host's address. */
export function macOf(ip: string): string {
  const octets = ip
    .split(".")
    .slice(1)
    .map((o) => (Number(o) || 0).toString(16).padStart(2, "0"));
  return `52:54:00:${octets.join(":")}`;
}

export function deriveHardware(hostname: string, ip: string, processMemPercent: number): Hardware {
  // A host whose processes already claim much of its memory (a Jenkins at 38%) gets a larger VM.
  const floor = processMemPercent > 60 ? 2 : processMemPercent > 30 ? 1 : 0;
  const memTotalKb = MEMORY_KB[Math.max(floor, between(hostname, "memory", 0, 2))]!;
  return {
    memTotalKb,
    cpus: memTotalKb > 10_000_000 ? 8 : choose(hostname, "cpus", [2, 4, 4]),
    cpuModel: choose(hostname, "cpu", CPU_MODELS),
    cpuMhz: `${between(hostname, "mhz", 2100, 2999)}.${String(between(hostname, "mhz-frac", 0, 999)).padStart(3, "0")}`,
    diskSectors: choose(hostname, "disk", [41_943_040, 83_886_080, 167_772_160, 209_715_200]),
    mac: macOf(ip),
  };
}

/** "85.9 GB/80.0 GiB", as the block layer prints a disk's size. */
export function diskSize(sectors: number): string {
  const bytes = sectors * 512;
  return `${(bytes / 1e9).toFixed(1)} GB/${(bytes / 2 ** 30).toFixed(1)} GiB`;
}
