import { ClipboardSignature } from 'lucide-react';
import { Suspense } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import type { RecordToSign } from '../../contract/records.ts';
import { ROUTES } from '../../contract/routes/records.ts';
import { call } from '../../lib/api-client.ts';
import { keyOf, setRouteData, useQuery } from '../../lib/use-query.ts';
import { formatDay } from '../../lib/format.ts';

import { LazyRecordPanel as RecordPanel } from './record-panel-lazy.ts';

void RecordPanel.preload().catch(() => undefined); // retried by the lazy render if it failed

/**
 * The list, each entry's record put where its panel reads it: the answer carries them, so the
 * panels show with the list instead of each reading its record after it (two reads in a row).
 */
async function loadToSign(signal: AbortSignal): Promise<RecordToSign[]> {
  const items = await call(ROUTES.recordsToSign, { signal });
  for (const item of items) setRouteData(ROUTES.record, { params: { id: item.appointmentId } }, item.record);
  return items;
}

/**
 * Annuals another mechanic did and whose quote named this IA to approve them for return to
 * service (14 CFR 65.95; docs/decisions/0140-who-signs-the-annual.md): each entry to review, edit
 * and sign. Shown to mechanics with an IA only, and only when there is something to sign.
 */
export default function AnnualsToSign({ ia }: { ia: boolean }) {
  const query = useQuery(ia ? keyOf(ROUTES.recordsToSign) : null, loadToSign);
  if (!ia) return null;
  if (query.state.status === 'error')
    return (
      <Alert className="mb-6">
        Could not load the annuals waiting for your signature. Reload the page to try again.
      </Alert>
    );
  const items = query.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="to-sign-heading" className="mb-6 space-y-3">
      <h2 id="to-sign-heading" className="flex items-center gap-2 text-xl font-semibold">
        <ClipboardSignature className="h-5 w-5" aria-hidden="true" /> Annuals to sign
      </h2>
      <p className="text-sm text-muted-foreground">
        Another mechanic did these annual inspections and their quote named you as the IA who approves them for return
        to service. Review each entry, correct it if needed, and sign it.
      </p>
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={item.appointmentId}>
            <Card className="p-4">
              <p className="font-semibold">{item.aircraft}</p>
              <p className="text-sm text-muted-foreground">
                Annual inspection by {item.performedBy}, completed {formatDay(item.completedOn)}
              </p>
              <div className="mt-3 border-t border-border pt-3">
                <Suspense fallback={<Loading label="Loading the maintenance record..." />}>
                  <RecordPanel appointmentId={item.appointmentId} listed />
                </Suspense>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
