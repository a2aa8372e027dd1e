import type { HostSpec } from "@analystbench/scenarios";
import { between } from "./hash";

/** systemd (PID 1) starts this long after the kernel, as its first line in dmesg says. */
export const INIT_AFTER_KERNEL_MS = 2_710;
/** Messages systemd logs once the boot is complete, about half a minute after the kernel started. */
const BOOT_DONE = /^(Reached target Multi-User System|Startup finished in )/;
const BOOT_DONE_AFTER_MS = 28_000;

/**
 * When the host's kernel booted. From the content when it implies one: PID 1's start time (less
 * the moment the kernel takes to start it), else the
 * journal's "Reached target Multi-User System". Otherwise a time from the seed, 3 to 40 days
 * before the clock. Never after anything the content says was already running or logged in.
 */
export function deriveBootMs(spec: HostSpec, clockMs: number, seed: string): number {
  const present = (iso: string | undefined) => iso !== undefined && Date.parse(iso) <= clockMs;
  const init = spec.processes.find((p) => p.pid === 1 && present(p.started));
  if (init) return Date.parse(init.started!) - INIT_AFTER_KERNEL_MS;

  const done = spec.journal
    .filter((j) => present(j.time) && /^systemd(\[1\])?$/.test(j.identifier ?? "") && BOOT_DONE.test(j.message))
    .map((j) => Date.parse(j.time));
  let boot = done.length
    ? Math.max(...done) - BOOT_DONE_AFTER_MS
    : clockMs - between(seed, "boot-days", 3, 40) * 86_400_000 - between(seed, "boot-seconds", 0, 86_399) * 1000;

  // Whatever runs now, or is still logged in, started after the boot.
  for (const p of spec.processes) if (present(p.started)) boot = Math.min(boot, Date.parse(p.started!) - 5_000);
  for (const l of spec.logins) if (!l.end && present(l.start)) boot = Math.min(boot, Date.parse(l.start) - 60_000);
  return boot;
}
