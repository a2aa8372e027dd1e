import { DEFAULT_VIEWER_PORT } from "@analystbench/contracts";
import { ExternalLinkIcon, MonitorPlayIcon, PlayIcon, SquareIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import type { useViewerControl } from "../use-viewer-control";
import { useViewerFrameSrc } from "../use-viewer-frame-src";

/** The frame's height (spec section 9). */
export const VIEWER_FRAME_HEIGHT_PX = 800;

type Control = ReturnType<typeof useViewerControl>;

export function ViewerTab({ control, frameKey }: { control: Control; frameKey: number }) {
  const { state, isRunning, busy } = control;
  const [portText, setPortText] = useState(String(DEFAULT_VIEWER_PORT));
  const port = Number(portText);
  const portValid = /^\d+$/.test(portText) && port >= 1024 && port <= 65535;
  const shownPort = isRunning || !state ? (state?.port ?? DEFAULT_VIEWER_PORT) : portValid ? port : state.port;
  const url = isRunning && state ? state.url : `http://127.0.0.1:${shownPort}/`;
  const inspectMode = state?.mode === "inspect";
  // The built-in viewer follows the console's theme through its `theme` parameter.
  const frame = useViewerFrameSrc(state?.url ?? url, frameKey);

  const startButton = (
    <Button onClick={() => void control.start(port)} disabled={busy !== null || !portValid}>
      {busy === "starting" ? <Spinner className="text-primary-foreground" /> : <PlayIcon />}
      {busy === "starting" ? "Starting..." : "Start Viewer"}
    </Button>
  );

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MonitorPlayIcon className="size-5 text-primary" /> Viewer Status
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end justify-between gap-6">
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              {isRunning ? (
                <Badge variant="success" data-testid="viewer-status">
                  Running
                </Badge>
              ) : (
                <Badge variant="secondary" data-testid="viewer-status">
                  Stopped
                </Badge>
              )}
              {state?.mode === "inspect" && (
                <span className="ml-2 text-xs text-muted-foreground">inspect view (Inspect AI)</span>
              )}
            </dd>
            <dt className="text-muted-foreground">Port</dt>
            <dd>
              {isRunning || busy !== null ? (
                <span className="font-mono tabular-nums" data-testid="viewer-port">
                  {shownPort}
                </span>
              ) : (
                <>
                  <Label htmlFor="viewer-port" className="sr-only">
                    Port
                  </Label>
                  <Input
                    id="viewer-port"
                    inputMode="numeric"
                    className="h-8 w-28 font-mono"
                    value={portText}
                    aria-invalid={!portValid}
                    onChange={(e) => setPortText(e.target.value.trim())}
                  />
                </>
              )}
            </dd>
            <dt className="text-muted-foreground">URL</dt>
            <dd>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-mono text-primary underline-offset-4 hover:underline"
              >
                {url}
              </a>
            </dd>
          </dl>
          <div className="flex gap-2">
            {isRunning ? (
              <Button variant="destructive" onClick={() => void control.stop()} disabled={busy !== null}>
                {busy === "stopping" ? <Spinner /> : <SquareIcon />} Stop Viewer
              </Button>
            ) : (
              startButton
            )}
          </div>
        </CardContent>
      </Card>

      {control.error && (
        <Alert variant="destructive">
          <TriangleAlertIcon />
          <AlertTitle>{control.error}</AlertTitle>
          <AlertDescription>
            {control.error === "Viewer not running"
              ? `Nothing answered at ${url}. Start the viewer again, or check that the port is free.`
              : "The viewer could not be controlled; the message above says why."}
          </AlertDescription>
        </Alert>
      )}

      {isRunning && state ? (
        inspectMode ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
              <p className="text-sm text-muted-foreground">
                Inspect AI's own viewer refuses to be shown inside another page. Open it in its own tab.
              </p>
              <Button asChild size="lg">
                <a href={state.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLinkIcon /> Open in New Tab
                </a>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <Card className="gap-0 overflow-hidden py-0">
            <div className="flex items-center justify-between border-b px-4 py-2 text-sm">
              <span className="font-medium">Inspect AI Viewer</span>
              <a
                href={frame.newTabHref}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                <ExternalLinkIcon className="size-4" /> Open in New Tab
              </a>
            </div>
            <iframe
              key={frameKey}
              title="Inspect AI Viewer"
              src={frame.src}
              style={{ height: VIEWER_FRAME_HEIGHT_PX }}
              className="w-full border-0 bg-background"
              // The viewer needs no script; its links open logs inside the frame or in a new tab.
              sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
            />
          </Card>
        )
      ) : (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <MonitorPlayIcon className="size-10 text-muted-foreground" />
            <h3 className="text-lg font-semibold">Inspect AI Viewer Not Running</h3>
            <p className="max-w-md text-sm text-muted-foreground">
              {control.isChecking
                ? "Checking that the viewer answers..."
                : "Start the viewer to browse evaluation logs: transcripts, tool calls, checkpoint grades and environment changes."}
            </p>
            {startButton}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
