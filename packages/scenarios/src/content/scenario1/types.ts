import type { z } from "zod";
import type { Config1Schema, Device1Schema, Task1Schema, WorldOverlaySchema } from "../../schema";

type Platform = Omit<z.input<typeof WorldOverlaySchema>, "clock" | "hosts">;

/** What one zone's content file exports: its devices, their configurations and their tasks. */
export interface ZoneContent {
  devices: z.input<typeof Device1Schema>[];
  configs: z.input<typeof Config1Schema>[];
  tasks: z.input<typeof Task1Schema>[];
  /** Repositories, CI runs or packages this zone's services hold (Git, CI/CD). */
  platform?: Platform;
}
