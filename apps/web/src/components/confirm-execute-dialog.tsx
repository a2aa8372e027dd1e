import { TriangleAlertIcon } from "lucide-react";
import { ConfirmDialog } from "@/components/confirm-dialog";

/** The spec's confirmation (section 5) before an Environment Control action affects everyone. */
export function ConfirmExecuteDialog({
  testCaseName,
  onCancel,
  onConfirm,
}: {
  /** The case waiting for confirmation; the dialog is open while set. */
  testCaseName: string | null;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <ConfirmDialog
      open={testCaseName !== null}
      icon={<TriangleAlertIcon className="size-5 text-destructive" />}
      title="Confirm Environment Control"
      confirmLabel="Yes, Execute"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <strong>CAREFUL!</strong> This operation might disrupt operations that are being performed by others on this
      platform. Are you sure you want to execute {testCaseName}?
    </ConfirmDialog>
  );
}
