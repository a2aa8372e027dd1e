import { TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

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
    <Dialog open={testCaseName !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <TriangleAlertIcon className="size-5 text-destructive" /> Confirm Environment Control
          </DialogTitle>
          <DialogDescription className="pt-2 text-foreground">
            <strong>CAREFUL!</strong> This operation might disrupt operations that are being performed by others on this
            platform. Are you sure you want to execute {testCaseName}?
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm}>
            Yes, Execute
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
