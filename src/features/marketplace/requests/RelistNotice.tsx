import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { ServiceRequest } from '../../../contract/service-requests.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { refresh } from '../../../lib/follow.ts';

/**
 * A job whose mechanic can no longer work through the platform (rejected or
 * suspended): the owner is told on the request and may re-list it, which opens the same work to
 * other mechanics as a new request and closes this one.
 */
export function RelistNotice({ request, onChanged }: { request: ServiceRequest; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const write = useWrite(ROUTES.requestRelist, {
    fallback: 'The request could not be re-listed',
    after: [ROUTES.requestsOwn, ROUTES.appointmentsOwn],
    onSuccess: () => {
      onChanged();
      setOpen(false);
      toast.success('Request re-listed: mechanics near the aircraft can quote again');
    },
    // Whatever the refusal, the request is read again: its card shows what stands now.
    onError: () => refresh(ROUTES.requestsOwn),
  });
  const busy = write.pending;
  const error = write.error;
  const mechanic = request.quotes.find((q) => q.status === 'accepted')?.mechanicName ?? 'Your mechanic';
  const relist = () => write.run({ params: { id: request.id } });
  return (
    <div
      role="status"
      className="mb-2 flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive-muted px-4 py-3 text-sm text-destructive sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{mechanic} can no longer work through Skyward Mobile Aviation, so this job is stopped.</p>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Re-list request
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !next && !busy && setOpen(false)}
        title="Re-list this request?"
        description={`A new request for the same work on ${request.aircraftTailNumber} goes to the mechanics near the aircraft, with the same due items. This one and its appointment with ${mechanic} are closed.`}
        confirmLabel="Re-list request"
        busy={busy}
        error={error}
        onConfirm={() => void relist()}
      />
    </div>
  );
}
