/**
 * The fake OpenAI-compatible server as a process of its own (for benchmarks, so its CPU is not
 * counted as the harness's): `node --import tsx fake-openai-main.ts <delayMs>`. Prints its base
 * URL on the first line of stdout and answers as the reference analyst until killed.
 */
import { startFakeOpenAI } from "./fake-openai-server";

const delayMs = Number(process.argv[2] ?? 100);
const fake = await startFakeOpenAI({ fallback: { kind: "reference", delayMs } });
process.stdout.write(`${fake.url}\n`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
