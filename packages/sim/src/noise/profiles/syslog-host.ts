import type { Random } from "../../random";
import type { ProfileInput } from "../context";
import { syslogLine } from "../formats/syslog";
import { DAY, type Emit, HOUR, MINUTE, type Periodic, type Plan, SECOND, type Source } from "./engine";
import { giteaRouterSources } from "./apps/gitea";
import { host, pidAt } from "./hosts";

/**
 * /var/log/syslog of Ubuntu 22.04: on a server (`server`) the timers and cron jobs that run all
 * day (sysstat every ten minutes, apt, logrotate, snapd), logins' user managers, the odd kernel
 * message; on a desktop (`workstation`) also NetworkManager, GNOME, PipeWire, snaps and browsers,
 * thousands of lines a day.
 */

/** A systemd unit run by its timer: Starting…, Deactivated, Finished… (systemd 249 wording). */
function unit(r: Random, ms: number, emit: Emit, line: L, description: string, name: string, extra: string[] = []) {
  emit(ms, line(ms, "systemd[1]", `Starting ${description}...`));
  let t = ms + r.int(20, 900);
  for (const e of extra) {
    emit(
      t,
      e.startsWith("@") ? line(t, e.slice(1, e.indexOf(" ")), e.slice(e.indexOf(" ") + 1)) : line(t, "systemd[1]", e),
    );
    t += r.int(5, 400);
  }
  t += r.int(0, 4) * SECOND;
  emit(t, line(t, "systemd[1]", `${name}.service: Deactivated successfully.`));
  emit(t, line(t, "systemd[1]", `Finished ${description}.`));
}

type L = (ms: number, tag: string, message: string) => string;

export function syslogPlan(rng: Random, input: ProfileInput): Plan {
  const { ctx } = input;
  const info = host(rng, ctx);
  const line: L = (ms, tag, message) => syslogLine(ms, ctx.hostname, tag, message);
  const workstation = input.options.profile === "workstation";
  const cronLine = (r: Random, ms: number, emit: Emit, job: string) =>
    emit(ms, line(ms, `CRON[${pidAt(r)}]`, `(root) CMD (${job})`));

  const periodic: Periodic[] = [
    {
      everyMs: 10 * MINUTE,
      jitterMs: 3 * SECOND,
      lines: 3,
      event: (r, ms, emit) => unit(r, ms, emit, line, "system activity accounting tool", "sysstat-collect"),
    },
    {
      everyMs: HOUR,
      offsetMs: 17 * MINUTE,
      jitterMs: 900,
      lines: 1,
      event: (r, ms, emit) => cronLine(r, ms, emit, "   cd / && run-parts --report /etc/cron.hourly"),
    },
    {
      everyMs: DAY,
      offsetMs: 6 * HOUR + 25 * MINUTE,
      jitterMs: 900,
      lines: 1,
      event: (r, ms, emit) =>
        cronLine(r, ms, emit, "test -x /usr/sbin/anacron || { cd / && run-parts --report /etc/cron.daily; }"),
    },
    {
      // logrotate and friends at midnight; rsyslog reopens its files after rotation.
      everyMs: DAY,
      offsetMs: 0,
      jitterMs: 2 * SECOND,
      lines: 12,
      event: (r, ms, emit) => {
        unit(r, ms, emit, line, "Rotate log files", "logrotate", [
          `@rsyslogd ${`[origin software="rsyslogd" swVersion="8.2112.0" x-pid="${info.rsyslogd}" x-info="https://www.rsyslog.com"] rsyslogd was HUPed`}`,
        ]);
        unit(r, ms + r.int(1, 3) * SECOND, emit, line, "Daily man-db regeneration", "man-db");
        unit(r, ms + r.int(3, 6) * SECOND, emit, line, "Daily dpkg database backup service", "dpkg-db-backup");
      },
    },
    {
      everyMs: DAY,
      offsetMs: 6 * HOUR + 4 * MINUTE,
      jitterMs: 50 * MINUTE,
      lines: 4,
      event: (r, ms, emit) => unit(r, ms, emit, line, "Daily apt download activities", "apt-daily", []),
    },
    {
      everyMs: DAY,
      offsetMs: 6 * HOUR + 40 * MINUTE,
      jitterMs: 20 * MINUTE,
      lines: 4,
      event: (r, ms, emit) =>
        unit(r, ms, emit, line, "Daily apt upgrade and clean activities", "apt-daily-upgrade", [
          "@unattended-upgrade No packages found that can be upgraded unattended and no pending auto-removals",
        ]),
    },
    {
      everyMs: 12 * HOUR,
      offsetMs: 3 * HOUR + 11 * MINUTE,
      jitterMs: 2 * HOUR,
      lines: 3,
      event: (r, ms, emit) => unit(r, ms, emit, line, "Message of the Day", "motd-news"),
    },
    {
      everyMs: 6 * HOUR,
      offsetMs: 2 * HOUR + 7 * MINUTE,
      jitterMs: 90 * MINUTE,
      lines: 1,
      event: (r, ms, emit) =>
        emit(
          ms,
          line(
            ms,
            `snapd[${info.snapd}]`,
            `storehelpers.go:769: cannot refresh: snap has no updates available: "core20", "core22", "lxd", "snapd"`,
          ),
        ),
    },
    {
      everyMs: DAY,
      offsetMs: 14 * HOUR + 33 * MINUTE,
      jitterMs: 3 * HOUR,
      lines: 3,
      event: (r, ms, emit) => unit(r, ms, emit, line, "Cleanup of Temporary Directories", "systemd-tmpfiles-clean"),
    },
  ];

  /** An SSH or desktop login's user manager, started and stopped by systemd. */
  const login = (r: Random, ms: number, emit: Emit) => {
    const user = r.pick(info.users);
    const uid = info.uid(user);
    const n = info.firstSession + Math.floor((ms - input.fromMs) / (25 * MINUTE));
    const first = r.chance(0.6);
    if (first) {
      emit(ms, line(ms, "systemd[1]", `Created slice User Slice of UID ${uid}.`));
      emit(ms, line(ms, "systemd[1]", `Starting User Runtime Directory /run/user/${uid}...`));
      emit(ms, line(ms, "systemd[1]", `Finished User Runtime Directory /run/user/${uid}.`));
      emit(ms, line(ms, "systemd[1]", `Starting User Manager for UID ${uid}...`));
      const mgr = pidAt(r);
      for (const m of [
        "Queued start job for default target Main User Target.",
        "Created slice User Application Slice.",
        "Reached target Paths.",
        "Reached target Timers.",
        "Starting D-Bus User Message Bus Socket...",
        "Listening on GnuPG network certificate management daemon.",
        "Listening on D-Bus User Message Bus Socket.",
        "Reached target Sockets.",
        "Reached target Basic System.",
        "Reached target Main User Target.",
        "Startup finished in 92ms.",
      ])
        emit(ms, line(ms, `systemd[${mgr}]`, m));
      emit(ms, line(ms, "systemd[1]", `Started User Manager for UID ${uid}.`));
    }
    emit(ms, line(ms, "systemd[1]", `Started Session ${n} of User ${user}.`));
    const end = ms + r.int(2, 55) * MINUTE;
    emit(end, line(end, "systemd[1]", `session-${n}.scope: Deactivated successfully.`));
    if (first) {
      const stop = end + 10 * SECOND;
      emit(stop, line(stop, "systemd[1]", `Stopping User Manager for UID ${uid}...`));
      emit(stop, line(stop, "systemd[1]", `user@${uid}.service: Deactivated successfully.`));
      emit(stop, line(stop, "systemd[1]", `Stopped User Manager for UID ${uid}.`));
      emit(stop, line(stop, "systemd[1]", `Stopping User Runtime Directory /run/user/${uid}...`));
      emit(stop, line(stop, "systemd[1]", `run-user-${uid}.mount: Deactivated successfully.`));
      emit(stop, line(stop, "systemd[1]", `user-runtime-dir@${uid}.service: Deactivated successfully.`));
      emit(stop, line(stop, "systemd[1]", `Stopped User Runtime Directory /run/user/${uid}.`));
      emit(stop, line(stop, "systemd[1]", `Removed slice User Slice of UID ${uid}.`));
    }
  };
  const sources: Source[] = [
    { weight: workstation ? 0.05 : 1, rhythm: "office", event: login },
    {
      weight: 0.15,
      rhythm: "flat",
      event: (r, ms, emit) => {
        const x = r.next();
        if (x < 0.3)
          emit(ms, line(ms, `systemd-resolved[${info.logind - 40}]`, "Clock change detected. Flushing caches."));
        else if (x < 0.55)
          emit(
            ms,
            line(
              ms,
              `systemd-timesyncd[${info.logind - 30}]`,
              `Timed out waiting for reply from 185.125.190.${r.pick([56, 57, 58])}:123 (ntp.ubuntu.com).`,
            ),
          );
        else if (x < 0.7)
          emit(
            ms,
            line(
              ms,
              `rsyslogd[${info.rsyslogd}]`,
              "imjournal: journal files changed, reloading...  [v8.2112.0 try https://www.rsyslog.com/e/0 ]",
            ),
          );
        else if (x < 0.85)
          emit(
            ms,
            line(
              ms,
              "kernel",
              `[${(r.int(100_000, 9_000_000) + r.next()).toFixed(6)}] workqueue: drm_fb_helper_damage_work hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND`,
            ),
          );
        else emit(ms, line(ms, `systemd-networkd[${info.logind - 60}]`, "ens18: DHCPv6 lease lost"));
      },
    },
  ];
  if (input.options.profile === "gitea")
    sources.push(...giteaRouterSources(rng, input, ctx.hostname).map((s) => ({ ...s, weight: s.weight * 6 })));
  if (workstation)
    sources.push({ weight: 2.2, rhythm: "office", event: (r, ms, emit) => desktop(r, ms, emit, line, info, ctx.ip) });
  return { count: input.count, fromMs: input.fromMs, toMs: input.toMs, sources, periodic };
}

const APPS = ["firefox", "code", "org.gnome.Terminal", "slack", "org.gnome.Nautilus", "thunderbird", "jetbrains-idea"];

/** What a developer's desktop logs while in use. */
function desktop(r: Random, ms: number, emit: Emit, line: L, info: ReturnType<typeof host>, ip: string) {
  const user = info.users[0]!;
  const uid = info.uid(user);
  const x = r.next();
  const gs = `gnome-shell[${info.logind + 1_400}]`;
  if (x < 0.14) {
    const nm = `NetworkManager[${info.networkManager}]`;
    const stamp = `<info>  [${(ms / 1000).toFixed(4)}]`;
    emit(ms, line(ms, nm, `${stamp} dhcp4 (wlp0s20f3): state changed new lease, address=${ip}`));
    emit(ms, line(ms, "systemd[1]", "Starting Network Manager Script Dispatcher Service..."));
    emit(ms, line(ms, "systemd[1]", "Started Network Manager Script Dispatcher Service."));
    const end = ms + 10 * SECOND;
    emit(end, line(end, "systemd[1]", "NetworkManager-dispatcher.service: Deactivated successfully."));
  } else if (x < 0.32) {
    const app = r.pick(APPS);
    emit(ms, line(ms, `systemd[${uid + 1_000}]`, `Started Application launched by gnome-shell.`));
    emit(
      ms,
      line(
        ms,
        `systemd[${uid + 1_000}]`,
        `Started app-gnome-${app}-${pidAt(r)}.scope - Application launched by gnome-shell.`,
      ),
    );
    if (r.chance(0.5))
      emit(
        ms + 400,
        line(
          ms + 400,
          gs,
          `Window manager warning: Overwriting existing binding of keysym 31 with keysym 31 (keycode a).`,
        ),
      );
  } else if (x < 0.5) {
    emit(
      ms,
      line(
        ms,
        gs,
        r.pick([
          "meta_window_set_stack_position_no_sync: assertion 'window->stack_position >= 0' failed",
          "Can't update stage views actor <unnamed>[<MetaWindowActorX11>:0x55d7] is on because it needs an allocation.",
          "JS ERROR: TypeError: this._managerProxy is undefined",
          "Window manager warning: W4 appears to be one of the offending windows with a timestamp of 4294967295.  Working around...",
          "libinput error: event6  - SYNA8006:00 06CB:CE58 Touchpad: kernel bug: Touch jump detected and discarded.",
        ]),
      ),
    );
  } else if (x < 0.62) {
    emit(
      ms,
      line(
        ms,
        `dbus-daemon[${info.logind + 1_380}]`,
        `[session uid=${uid} pid=${info.logind + 1_380}] Activating via systemd: service name='${r.pick(["org.gnome.Nautilus", "org.freedesktop.Tracker3.Miner.Extract", "org.gnome.ArchiveManager1", "org.gnome.Calculator.SearchProvider"])}' unit='${r.pick(["org.gnome.Nautilus.service", "tracker-extract-3.service", "org.gnome.Calculator.SearchProvider.service"])}' requested by ':1.${r.int(30, 300)}' (uid=${uid} pid=${info.logind + 1_400} comm="/usr/bin/gnome-shell" label="unconfined")`,
      ),
    );
  } else if (x < 0.72) {
    emit(
      ms,
      line(
        ms,
        `wireplumber[${info.logind + 1_250}]`,
        r.pick([
          "RTKit error: org.freedesktop.DBus.Error.AccessDenied",
          "<WpSiStandardLink:0x5604> Object activation aborted: proxy destroyed",
          "GetManagedObjects() failed: org.freedesktop.DBus.Error.NameHasNoOwner",
        ]),
      ),
    );
  } else if (x < 0.8) {
    emit(
      ms,
      line(
        ms,
        "kernel",
        `[${(r.int(10_000, 2_000_000) + r.next()).toFixed(6)}] audit: type=1400 audit(${(ms / 1000).toFixed(3)}:${r.int(100, 9_999)}): apparmor="DENIED" operation="open" class="file" profile="snap.firefox.firefox" name="/proc/pressure/memory" pid=${pidAt(r)} comm="firefox" requested_mask="r" denied_mask="r" fsuid=${uid} ouid=0`,
      ),
    );
  } else if (x < 0.88) {
    emit(
      ms,
      line(
        ms,
        `tracker-miner-fs-3[${info.logind + 1_500}]`,
        `(tracker-miner-fs-3:${info.logind + 1_500}): Tracker-WARNING **: ${new Date(ms).toISOString().slice(11, 23)}: Could not process 'file:///home/${user}/Downloads/${r.pick(["invoice.pdf", "screenshot.png", "report.xlsx", "node-v20.12.2-linux-x64.tar.xz"])}': No such file or directory`,
      ),
    );
  } else if (x < 0.94) {
    emit(
      ms,
      line(
        ms,
        `snapd[${info.snapd}]`,
        `handlers.go:${r.int(400, 500)}: Reported install problem for "${r.pick(["firefox", "snap-store", "code"])}" as already-reported`,
      ),
    );
  } else {
    emit(ms, line(ms, "systemd[1]", "Starting Fingerprint Authentication Daemon..."));
    emit(ms + 200, line(ms + 200, "systemd[1]", "Started Fingerprint Authentication Daemon."));
    const end = ms + 30 * SECOND;
    emit(end, line(end, "systemd[1]", "fprintd.service: Deactivated successfully."));
  }
}
