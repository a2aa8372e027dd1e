/** The Zebra TC52 wedge sometimes sends a scan twice within a few milliseconds; drop the echo. */
export function debounceScans(onScan: (code: string) => void, windowMs = 120): (code: string) => void {
  let last = "";
  let at = 0;
  return (code) => {
    const now = Date.now();
    if (code === last && now - at < windowMs) return;
    last = code;
    at = now;
    onScan(code);
  };
}
