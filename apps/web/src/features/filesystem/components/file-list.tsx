import type { FileItem } from "@analystbench/contracts";
import { useEffect, useRef, useState } from "react";
import { FILE_ROW_HEIGHT_PX, FileRow } from "./file-row";

/** Up to this many rows render plainly; longer lists render only the rows in view. */
export const WINDOWING_THRESHOLD = 300;
const OVERSCAN_ROWS = 10;
const VIEWPORT_FALLBACK_PX = 640;

interface RowHandlers {
  onOpen(item: FileItem): void;
  onView(item: FileItem): void;
  onDownload(item: FileItem): void;
}

/**
 * The listing. 10,000 plain rows take ~8 s to mount in Chromium, windowed ~0.3 s (npm run bench:files),
 * so long listings are windowed: a scroll box of fixed-height rows, only the visible ones mounted.
 */
export function FileList({ items, ...handlers }: { items: FileItem[] } & RowHandlers) {
  const header = (
    <div
      role="row"
      className="grid grid-cols-[minmax(0,1fr)_4.5rem_auto] sm:grid-cols-[minmax(0,1fr)_6rem_11rem_7rem] gap-3 border-b bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground"
    >
      <span role="columnheader">Name</span>
      <span role="columnheader" className="text-right">
        Size
      </span>
      <span role="columnheader" className="hidden sm:block">
        Modified
      </span>
      <span role="columnheader" className="text-right">
        Actions
      </span>
    </div>
  );
  return (
    <div role="table" aria-label="Files" aria-rowcount={items.length + 1} className="overflow-hidden rounded-lg border">
      {header}
      {items.length > WINDOWING_THRESHOLD ? (
        <WindowedRows items={items} {...handlers} />
      ) : (
        <div role="rowgroup">
          {items.map((item) => (
            <FileRow key={item.path} item={item} {...handlers} />
          ))}
        </div>
      )}
    </div>
  );
}

function WindowedRows({ items, ...handlers }: { items: FileItem[] } & RowHandlers) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(VIEWPORT_FALLBACK_PX);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setViewport(box.clientHeight || VIEWPORT_FALLBACK_PX));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // A new listing starts at its top.
  useEffect(() => {
    if (boxRef.current) boxRef.current.scrollTop = 0;
    setScrollTop(0);
  }, [items]);

  const first = Math.max(0, Math.floor(scrollTop / FILE_ROW_HEIGHT_PX) - OVERSCAN_ROWS);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / FILE_ROW_HEIGHT_PX) + OVERSCAN_ROWS);
  return (
    <div
      ref={boxRef}
      role="rowgroup"
      data-testid="windowed-rows"
      className="max-h-[65vh] overflow-y-auto"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div style={{ height: items.length * FILE_ROW_HEIGHT_PX, position: "relative" }}>
        <div style={{ transform: `translateY(${first * FILE_ROW_HEIGHT_PX}px)` }}>
          {items.slice(first, last).map((item) => (
            <FileRow key={item.path} item={item} {...handlers} />
          ))}
        </div>
      </div>
    </div>
  );
}
