import { Alert } from './alert.tsx';
import { AlertDialog as A } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClass } from './button.tsx';
import { cn } from './cn.ts';
import { DialogFooter } from './dialog.tsx';
import { Spinner } from './spinner.tsx';
import { useBackCloses } from '../../lib/history-entries.ts';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions get the red button. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  /** Extra content between the description and the buttons (e.g. an optional note). */
  children?: ReactNode;
  /** Why the last attempt was refused (the server's `detail`), shown in the dialog where the user acted. */
  error?: string | null | undefined;
  /** The action cannot be done (the description says why): its button is disabled, Cancel is not. */
  confirmDisabled?: boolean;
}

/**
 * "Are you sure?" before an action that cannot be undone: Radix AlertDialog (focus starts on
 * Cancel, Escape cancels, screen readers announce it as an alert dialog).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive,
  busy,
  onConfirm,
  children,
  error,
  confirmDisabled,
}: ConfirmDialogProps) {
  useBackCloses(open, () => onOpenChange(false));
  return (
    <A.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <A.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-background p-5 shadow-xl sm:p-6">
          <A.Title className="text-lg font-semibold">{title}</A.Title>
          <A.Description asChild>
            <div className="mt-2 text-sm text-muted-foreground">{description}</div>
          </A.Description>
          {children && <div className="mt-4">{children}</div>}
          {error && <Alert className="mt-4">{error}</Alert>}
          <DialogFooter className="mt-6">
            <A.Cancel className={buttonClass('outline')} disabled={busy}>
              {cancelLabel}
            </A.Cancel>
            <button
              type="button"
              className={cn(buttonClass(destructive ? 'destructive' : 'default'))}
              disabled={busy || confirmDisabled}
              onClick={onConfirm}
            >
              {busy && <Spinner />}
              {confirmLabel}
            </button>
          </DialogFooter>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
