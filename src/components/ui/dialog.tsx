import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { useBackCloses, type DialogAddress } from '../../lib/history-entries.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /** What the dialog adds to the address while open (a reload opens it again). */
  address?: DialogAddress;
}

/** An accessible modal (focus trap, Escape, labelled by its title) from Radix. */
export function Dialog({ open, onOpenChange, title, description, children, className, address }: DialogProps) {
  // Where focus was when the dialog opened: closing (Escape, Cancel, or the owner unmounting the
  // dialog) returns it there, not to the top of the page.
  const returnTo = useRef<HTMLElement | null>(null);
  // Back (a phone's back gesture) closes the dialog and stays on the page.
  useBackCloses(open, () => onOpenChange(false), address);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      returnTo.current = document.activeElement;
  }, [open]);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <D.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-lg bg-background p-5 shadow-xl sm:p-6',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const back = returnTo.current;
            if (!back?.isConnected) return;
            event.preventDefault();
            back.focus();
          }}
        >
          <D.Title className="pr-8 text-lg font-semibold">{title}</D.Title>
          {description && <D.Description className="mt-1 text-sm text-muted-foreground">{description}</D.Description>}
          <div className="mt-4">{children}</div>
          <D.Close
            className="absolute right-3 top-3 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/**
 * A dialog's actions: stacked with the main action on top on a phone, in a row at the right from
 * `sm` up. `className` adds to it (`pt-2` where the form above ends without margin).
 */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>{children}</div>;
}
