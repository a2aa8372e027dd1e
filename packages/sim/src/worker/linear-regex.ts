import { setFlagsFromString } from "node:v8";

/**
 * Lets V8 finish a regular expression that backtracks without end on its linear-time engine.
 * A model's grep, sed or awk pattern runs as a JavaScript RegExp, and one like `^(x+x+)+y$` over
 * a line of 30 x's backtracks for seconds (doubling with each x) in a single call nothing can
 * interrupt: the worker held every other session on it until its kill timer ended it. With this,
 * after 50,000 backtracks (V8's default) the match is run again on the linear engine, which
 * answers the same in milliseconds. Patterns that engine cannot run stay as they were:
 * backreferences, lookaround, and in Node 20's V8 the i, u and d flags (so `grep -i` is not
 * helped). Flags are per process: set once, when a simulation worker starts.
 */
export function finishRunawayRegexesLinearly(): void {
  setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
}
