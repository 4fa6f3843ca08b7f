import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { INBOX_LIMITS, type InboxDetail, type InboxKind } from '../../contract/inbox.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';

/**
 * The requests merged into this one, each with the customer's own words (a second message is often
 * the one that says more), and "Undo merge" while the merge is younger than
 * INBOX_LIMITS.mergeUndoDays (docs/decisions/0401).
 */
export function MergedRequests({
  kind,
  d,
  onApplied,
  onOpenOther,
}: {
  kind: InboxKind;
  d: InboxDetail;
  onApplied: (next: InboxDetail) => void;
  onOpenOther: (id: string) => void;
}) {
  const [undoing, setUndoing] = useState<string | null>(null);
  const undo = useWrite(kind === 'quotes' ? ROUTES.adminInboxQuoteUnmerge : ROUTES.adminInboxLeadUnmerge, {
    fallback: 'Failed to undo the merge',
    reason: detailOr,
    onSuccess: (next) => {
      onApplied(next);
      setUndoing(null);
      toast.success('Merge undone: the request is in the list again');
    },
  });
  if (d.merged.length === 0) return null;
  const now = Date.now();
  return (
    <section aria-labelledby={`merged-${d.id}`} className="space-y-3">
      <h3 id={`merged-${d.id}`} className="font-semibold">
        Merged into this request ({d.merged.length})
      </h3>
      <ul className="space-y-3">
        {d.merged.map((m) => {
          const canUndo = m.undoUntil === null || Date.parse(m.undoUntil) > now;
          return (
            <li key={m.id} className="rounded-lg border border-border p-3 text-sm">
              <p className="text-muted-foreground">
                {m.name} · {m.email}
                {m.phone ? ` · ${m.phone}` : ''} · received{' '}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time> · merged{' '}
                <time dateTime={m.mergedAt}>{formatDateTime(m.mergedAt)}</time>
              </p>
              {m.message && <p className="mt-2 whitespace-pre-line break-words">{m.message}</p>}
              {m.additionalNotes && (
                <p className="mt-1 whitespace-pre-line break-words text-muted-foreground">Notes: {m.additionalNotes}</p>
              )}
              {m.discountCode && <p className="mt-1">Discount code: {m.discountCode}</p>}
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <Button size="sm" variant="outline" onClick={() => onOpenOther(m.id)}>
                  Open it
                </Button>
                {canUndo ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      undo.clearError();
                      setUndoing(m.id);
                    }}
                  >
                    Undo merge
                  </Button>
                ) : null}
                {m.undoUntil && (
                  <span className="text-xs text-muted-foreground">
                    {canUndo
                      ? `Can be undone until ${formatDate(m.undoUntil)}`
                      : `Merged over ${INBOX_LIMITS.mergeUndoDays} days ago: kept`}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(open) => !open && setUndoing(null)}
        title="Undo this merge?"
        description="The request becomes a request of its own again, back in the list with its messages and history. Details it filled in here are emptied unless someone changed them since."
        confirmLabel="Undo merge"
        busy={undo.pending}
        error={undo.error}
        onConfirm={() => {
          if (undoing) void undo.run({ params: { id: d.id }, body: { duplicateId: undoing } });
        }}
      />
    </section>
  );
}
