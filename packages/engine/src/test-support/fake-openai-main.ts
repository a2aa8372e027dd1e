/**
 * The fake OpenAI-compatible server as a process of its own, so its CPU is not counted as the
 * harness's (benchmarks) and its writes never stall the event loop being measured (tests):
 * `node --import tsx fake-openai-main.ts <delayMs> [behaviour as JSON]`. Prints its base URL on
 * the first line of stdout and answers every request with the behaviour (by default as the
 * reference analyst) until killed.
 */
import { startFakeOpenAI, type FakeBehaviour } from "./fake-openai-server";

const delayMs = Number(process.argv[2] ?? 100);
const behaviour: FakeBehaviour = process.argv[3]
  ? (JSON.parse(process.argv[3]) as FakeBehaviour)
  : { kind: "reference", delayMs };
const fake = await startFakeOpenAI({ fallback: behaviour });
process.stdout.write(`${fake.url}\n`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
