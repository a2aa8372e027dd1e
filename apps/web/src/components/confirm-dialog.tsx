import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** A question before a destructive action: Cancel, or the destructive button. */
export function ConfirmDialog({
  open,
  icon,
  title,
  children,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  icon: ReactNode;
  title: string;
  /** The question itself. */
  children: ReactNode;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            {icon} {title}
          </DialogTitle>
          <DialogDescription className="pt-2 text-foreground">{children}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
