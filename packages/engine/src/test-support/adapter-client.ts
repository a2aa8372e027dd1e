import { createHttpModelClient, type ApiAdapter, type HttpModelOptions } from "../models/call-loop";

/**
 * A model client over `adapter` as the adapter tests use it: fast retries whose waits are
 * recorded in `delays` instead of slept, and no jitter, so a test can assert the exact waits.
 */
export function adapterTestClient(
  adapter: ApiAdapter,
  options: Pick<HttpModelOptions, "provider" | "model" | "baseURL"> & Partial<HttpModelOptions>,
) {
  const delays: number[] = [];
  const c = createHttpModelClient(adapter, {
    name: `${options.provider}/${options.model}`,
    settings: {},
    price: () => null,
    retry: { maxRetries: 3, baseDelayMs: 10, maxDelayMs: 5_000 },
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { c, delays };
}
