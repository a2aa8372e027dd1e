import { describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "./environment";
import { emptySavedState, mergeSavedState, type SavedState } from "./saved-state";
import { fixtureWorld } from "./test-support/fixture-world";
import { runTool } from "./tools/run-tool";

/**
 * A worker that lost its thread rebuilds a session's environment from world and seed and then
 * restores the saved state its tool calls sent back. These tests hold the restored environment
 * to the one that ran the commands: every entry, owner, time, table and the diff's bookkeeping.
 */
const WEB = "Web Server";
const SCRIPT: [role: string, command: string][] = [
  [WEB, "mkdir -p /opt/kit/bin && echo payload > /opt/kit/bin/run.sh && chmod 755 /opt/kit/bin/run.sh"],
  [WEB, "echo 'appended by the analyst' >> /var/log/nginx/access.log"],
  [WEB, "wc -l /etc/passwd"],
  [WEB, "chown deploy:deploy /var/www/crm/.env && chmod 600 /var/www/crm/.env"],
  [WEB, "rm /etc/nginx/sites-enabled/crm.conf"],
  [WEB, "cp -r /var/log /tmp/logs && cp -r /etc /tmp/etc-copy"],
  [WEB, "mv /tmp/etc-copy /root/etc-moved"],
  [WEB, "ln -s /etc/hostname /root/host-link && touch -d '2026-01-02 03:04:05' /root/host-link"],
  [WEB, "sleep 2; touch /tmp/after-sleep"],
  [WEB, "systemctl stop nginx"],
  [WEB, "kill -9 4711"],
  [WEB, "crontab -r -u www-data"],
  [WEB, "rm -rf /tmp/logs/nginx"],
  [WEB, "rm /no/such/file"],
  [WEB, "rm /bin/ls; echo replaced > /bin/cat"],
  ["CI/CD Server", "echo ci > /var/tmp/ci-note"],
  [WEB, "echo again >> /tmp/after-sleep; rm -r /root/etc-moved/nginx; mkdir /root/etc-moved/nginx"],
  [WEB, "ls -la /opt/kit/bin /root /tmp; cat /tmp/after-sleep; stat -c '%a %s' /var/www/crm/.env"],
  [WEB, "ps aux; systemctl status nginx; crontab -l -u www-data; ls -l /root/host-link /etc/hostname"],
];

/** Everything a command or the diff can observe about an environment. */
async function observe(env: SimEnvironment): Promise<string[]> {
  // First: the hash is of the environment as built, and reading a generated log changes how it hashes.
  const out: string[] = [await env.hash()];
  for (const host of env.hosts) {
    const fs = host.fs;
    for (const path of fs.getAllPaths().sort()) {
      const kind = fs.entryKind(path);
      const st = await fs.lstat(path).catch(() => null);
      const body = kind === "symlink" ? await fs.readlink(path) : ((await fs.describe(path)).sha256 ?? "");
      out.push(`${host.spec.role} ${path} ${kind} ${st?.mode} ${st?.mtime.getTime()} ${fs.ownerOf(path)} ${body}`);
    }
    // Sorted: the order these maps were filled in is not observable (the diff sorts its files).
    const touchedBy = [...fs.touchedBy].map(([p, by]) => [p, [...by]] as const);
    out.push(JSON.stringify([...fs.priors].sort()), JSON.stringify(touchedBy.sort()));
    out.push(JSON.stringify([host.processes, host.services, host.sockets, host.logins, host.journal]));
  }
  out.push(JSON.stringify(await env.diff()));
  return out;
}

async function runSaving(env: SimEnvironment, saved: SavedState, role: string, command: string) {
  const r = await env.exec(role, command);
  mergeSavedState(saved, await env.takeDelta());
  return r.output;
}

async function restored(saved: SavedState): Promise<SimEnvironment> {
  const env = await buildEnvironment(fixtureWorld(), { seed: "restore" });
  await env.restore(structuredClone(saved));
  return env;
}

describe("restoring a saved state", () => {
  it("gives the environment that ran the commands: every entry, owner, time, table and the diff", async () => {
    const original = await buildEnvironment(fixtureWorld(), { seed: "restore" });
    const saved = emptySavedState();
    const outputs: string[] = [];
    const cuts = new Map<number, { saved: SavedState; seen: string[] }>();
    for (const [i, [role, command]] of SCRIPT.entries()) {
      if ([0, 4, 9, 14].includes(i)) cuts.set(i, { saved: structuredClone(saved), seen: await observe(original) });
      outputs.push(await runSaving(original, saved, role, command));
    }
    const final = await observe(original);
    expect((await original.diff()).files.length).toBeGreaterThan(10);

    for (const [cut, at] of cuts) {
      const copy = await restored(at.saved);
      expect(await observe(copy), `restored after ${cut} commands`).toEqual(at.seen);
      // And it goes on exactly as the original did.
      for (const [i, [role, command]] of SCRIPT.entries()) {
        if (i < cut) continue;
        expect((await copy.exec(role, command)).output, `${command} after a restore at ${cut}`).toBe(outputs[i]);
      }
      expect(await observe(copy), `restored at ${cut}, then the rest of the script`).toEqual(final);
    }
    expect(await observe(await restored(saved))).toEqual(final);
  }, 120_000);

  it("carries only the paths a command touched, with their parents, and no more as writes repeat", async () => {
    const env = await buildEnvironment(fixtureWorld());
    const saved = emptySavedState();
    await runSaving(env, saved, WEB, "cat /etc/hostname");
    expect(saved.hosts.size).toBe(0);
    expect(saved.commands).toHaveLength(1);
    for (let i = 0; i < 20; i++) await runSaving(env, saved, WEB, `echo ${i} >> /tmp/notes`);
    expect([...saved.hosts.get(WEB)!.paths.keys()]).toEqual(["/", "/tmp", "/tmp/notes"]);
    expect(saved.commands).toHaveLength(21);
    expect(
      new TextDecoder().decode((saved.hosts.get(WEB)!.paths.get("/tmp/notes")!.now as { content: Uint8Array }).content),
    ).toBe(Array.from({ length: 20 }, (_, i) => `${i}\n`).join(""));
  });

  it("restores a host whose commands changed only its tables with its interpreter's files, as the original had them", async () => {
    // Without setup commands no interpreter was made on the built host: only the session's made one.
    const world = { ...fixtureWorld(), setupCommands: [] };
    const original = await buildEnvironment(world, { seed: "tables" });
    const saved = emptySavedState();
    await runSaving(original, saved, WEB, "kill -9 4711; systemctl stop nginx");
    expect(saved.hosts.get(WEB)?.paths.size).toBe(0);
    expect(saved.hosts.get(WEB)?.tables).toBeDefined();
    const copy = await buildEnvironment(world, { seed: "tables" });
    await copy.restore(structuredClone(saved));
    const file = (env: SimEnvironment) => runTool(env, "get_file_content", { device_role: WEB, path: "/bin/ls" });
    expect((await file(copy)).output).toBe((await file(original)).output);
    expect((await file(copy)).ok).toBe(true);
    expect(await observe(copy)).toEqual(await observe(original));
  });

  it("of nothing marks nothing as changed, the interpreter's /bin stubs included", async () => {
    const env = await restored(emptySavedState());
    await env.exec(WEB, "id");
    expect((await env.diff()).files).toEqual([]);
  });
});

describe("sleep", () => {
  it("returns at once, whatever it is asked, and a sleeping loop still ends by the shell's own limits", async () => {
    const env = await buildEnvironment(fixtureWorld());
    const started = Date.now();
    expect((await env.exec(WEB, "sleep 30; sleep 2h; sleep 99999999999; echo awake")).output).toBe("awake\n");
    // Two hours and more were asked for; even a loaded machine answers in a few seconds at most.
    expect(Date.now() - started).toBeLessThan(10_000);
    const loop = await env.exec(WEB, "while true; do sleep 1; done");
    expect(loop.output).toMatch(/too many commands executed|execution exceeded execution deadline/);
  });
});
