// Entry of the simulation worker thread. Plain JavaScript so Node can start it directly; it
// registers the TypeScript loader for this thread and then loads the real worker.
import { register } from "tsx/esm/api";

register();
await import("./worker-main.ts");
