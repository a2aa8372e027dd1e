import type { z } from "zod";
import type { Narrative2Schema, Task2Schema } from "../../schema";

/** What one narrative file exports: the narrative (with its world) and its analyst task. */
export interface NarrativeBundle {
  narrative: z.input<typeof Narrative2Schema>;
  task: z.input<typeof Task2Schema>;
}
