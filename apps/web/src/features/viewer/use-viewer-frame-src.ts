import { useState } from "react";
import { useTheme, type Theme } from "@/lib/theme";

/**
 * The embedded viewer's address. The spec's `theme` parameter carries the console's theme, so the
 * frame, its "Open in New Tab" link and every link inside the viewer follow the theme toggle.
 *
 * A theme change must reload the frame, but the console cannot read which page the frame shows:
 * the viewer is another origin and runs no script. So after a toggle the frame loads the viewer's
 * /resume with the new theme, and the viewer sends it back to the page it last showed in a frame.
 * The first load and Refresh All (a new frame key) show the start page, the log list as it is now.
 */

/** The viewer's start page in a theme: `http://127.0.0.1:7860/?theme=dark`. */
export const framedUrl = (url: string, theme: Theme) => `${url.replace(/\/?$/, "/")}?theme=${theme}`;

/** The viewer's "the page the frame showed, in this theme". */
export const resumeUrl = (url: string, theme: Theme) => `${url.replace(/\/?$/, "/")}resume?theme=${theme}`;

interface FrameState {
  frameKey: number;
  theme: Theme;
  /** The theme changed since this frame was (re)loaded: further loads resume where it was. */
  resume: boolean;
}

export function useViewerFrameSrc(url: string, frameKey: number): { src: string; newTabHref: string } {
  const { theme } = useTheme();
  const [frame, setFrame] = useState<FrameState>({ frameKey, theme, resume: false });
  // Derived during render (React's "adjusting state when a prop changes"), so the frame never
  // loads the start page in the new theme first.
  let current = frame;
  if (frame.frameKey !== frameKey) current = { frameKey, theme, resume: false };
  else if (frame.theme !== theme) current = { frameKey, theme, resume: true };
  if (current !== frame) setFrame(current);
  return {
    src: current.resume ? resumeUrl(url, theme) : framedUrl(url, theme),
    newTabHref: framedUrl(url, theme),
  };
}
