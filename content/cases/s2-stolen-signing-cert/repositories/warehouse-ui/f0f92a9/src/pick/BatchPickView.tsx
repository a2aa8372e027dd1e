import { useEffect, useState } from "react";
import { fetchBatch, type PickLine } from "../wms/client";

/** Batch picking: one trolley, several orders, lines sorted by aisle then bin. */
export function BatchPickView({ batchId, onRefresh }: { batchId: string; onRefresh: () => void }) {
  const [lines, setLines] = useState<PickLine[]>([]);
  useEffect(() => {
    fetchBatch(batchId).then((b) => setLines(b.lines));
    onRefresh();
  }, [batchId, onRefresh]);
  return (
    <ul className="batch-pick">
      {lines.map((l) => (
        <li key={l.id}>{l.aisle}-{l.bin} {l.sku} x{l.qty}</li>
      ))}
    </ul>
  );
}
