import { Badge } from "@/components/ui/badge";

/** completed, failed and partial have their own badge; any other status is Unknown (spec section 3). */
export function ResultStatusBadge({ status }: { status: string }) {
  if (status === "completed") return <Badge variant="success">Completed</Badge>;
  if (status === "failed") return <Badge variant="destructive">Failed</Badge>;
  if (status === "partial") return <Badge variant="warning">Partial</Badge>;
  return (
    <Badge variant="secondary" title={status ? `The file says "${status}"` : undefined}>
      Unknown
    </Badge>
  );
}
