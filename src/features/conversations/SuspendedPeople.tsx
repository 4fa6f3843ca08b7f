import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { PageNav } from '../../components/ui/page-nav.tsx';
import type { SuspendedPerson } from '../../contract/conversations.ts';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { formatDateTime } from '../../lib/format.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useWrite } from '../../lib/use-write.ts';
import { LoadError } from '../../components/ui/load-error.tsx';

/** Who is suspended from messaging, newest first, with "Lift suspension" (asked first). */
export function SuspendedPeople() {
  const [page, setPage] = useState(1);
  const list = useRoute(ROUTES.adminSuspensions, { query: { page } }, { keepPrevious: true });
  const [lifting, setLifting] = useState<SuspendedPerson | null>(null);
  const lift = useWrite(ROUTES.adminSuspensionLift, {
    fallback: 'Could not lift the suspension',
    reason: detailOr,
    onSuccess: () => {
      toast.success(`${lifting?.name ?? 'They'} can write again`);
      setLifting(null);
      void list.reload();
    },
  });
  const data = list.data;
  return (
    <section aria-labelledby="suspended-heading" className="space-y-3">
      <h2 id="suspended-heading" className="text-xl font-semibold">
        Suspended from messaging
      </h2>
      {list.state.status === 'error' && (
        <LoadError message="Failed to load the suspended people" onRetry={() => void list.reload()} />
      )}
      {!data && list.state.status === 'loading' && <Loading />}
      {data && data.items.length === 0 && <p className="text-sm text-muted-foreground">Nobody is suspended.</p>}
      {data && data.items.length > 0 && (
        <ul className="space-y-2">
          {data.items.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm"
            >
              <span>
                {p.name} ({p.role === 'mechanic' ? 'mechanic' : 'owner'}) · suspended{' '}
                <time dateTime={p.suspendedAt}>{formatDateTime(p.suspendedAt)}</time>
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  lift.clearError();
                  setLifting(p);
                }}
              >
                Lift suspension
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data && <PageNav label="Suspended people" page={page} hasMore={data.hasMore} onPage={setPage} />}
      <ConfirmDialog
        open={lifting !== null}
        onOpenChange={(open) => !open && setLifting(null)}
        title={`Lift ${lifting?.name ?? ''}'s suspension?`}
        description="They can write in their open conversations again. Conversations an administrator closed stay closed."
        confirmLabel="Lift suspension"
        busy={lift.pending}
        error={lift.error}
        onConfirm={() => {
          if (lifting) void lift.run({ params: { id: lifting.id } });
        }}
      />
    </section>
  );
}
