import { Siren } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { AOG, aogStatusLabel, type AogStatus } from '../../contract/aog.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import { ROUTES } from '../../contract/routes/aog.ts';
import { call } from '../../lib/api-client.ts';
import { usePoll } from './use-poll.ts';

const AogReport = lazy(() => import('./AogReport.tsx'));
const AogLive = lazy(() => import('./AogLive.tsx'));

const FINISHED: readonly AogStatus[] = ['fixed', 'cancelled'];

/** The call an address opens: `?aog=report` (a home-screen bookmark) or an email's `?section=aog#item-<id>`. */
function fromAddress(): { report: boolean; id: string | null } {
  const url = new URL(window.location.href);
  const id = url.searchParams.get('section') === 'aog' ? (/^#item-([0-9a-f-]{36})$/.exec(url.hash)?.[1] ?? null) : null;
  return { report: url.searchParams.get('aog') === 'report', id };
}

/**
 * On the owner's first screen, above everything: "Report aircraft on ground", and the calls still
 * under way (each opens its live view). The report and live screens load only when opened.
 */
export default function OwnerAogEntry({ aircraft, phone }: { aircraft: Aircraft[]; phone: string | null }) {
  const mine = usePoll(() => call(ROUTES.aogMine, { query: {} }), AOG.openPollMs, 'mine');
  const [open, setOpen] = useState<{ kind: 'report' } | { kind: 'live'; id: string } | null>(null);
  useEffect(() => {
    const wanted = fromAddress();
    if (wanted.id) setOpen({ kind: 'live', id: wanted.id });
    else if (wanted.report) setOpen({ kind: 'report' });
  }, []);
  const active = (mine.data ?? []).filter((c) => !FINISHED.includes(c.status));

  return (
    <section aria-label="Aircraft on ground" className="mb-4 space-y-2">
      <Button variant="destructive" size="lg" className="w-full sm:w-auto" onClick={() => setOpen({ kind: 'report' })}>
        <Siren className="h-5 w-5" aria-hidden="true" />
        Report aircraft on ground
      </Button>
      {active.length > 0 && (
        <ul className="space-y-2" aria-label="Your aircraft-on-ground calls">
          {active.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => setOpen({ kind: 'live', id: c.id })}
                className="flex min-h-12 w-full items-center justify-between gap-2 rounded-md border border-destructive/40 bg-background px-3 py-2 text-left text-sm hover:bg-muted"
              >
                <span>
                  <span className="font-semibold">{c.aircraftTailNumber}</span> at {c.airport}
                </span>
                <span className="font-medium">
                  {aogStatusLabel(c.status)}
                  {c.status === 'open' && c.offers > 0 ? ` · ${c.offers} ${c.offers === 1 ? 'offer' : 'offers'}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={null}>
        {open?.kind === 'report' && (
          <AogReport
            aircraft={aircraft}
            phone={phone}
            onClose={() => setOpen(null)}
            onReported={(id) => {
              setOpen({ kind: 'live', id });
              void mine.reload();
            }}
          />
        )}
        {open?.kind === 'live' && (
          <AogLive id={open.id} onClose={() => setOpen(null)} onChanged={() => void mine.reload()} />
        )}
      </Suspense>
    </section>
  );
}
