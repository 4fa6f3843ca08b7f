import { useState } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { Input, Label, NativeSelect } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import type { FunnelRow } from '../../contract/inbox.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { useRoute } from '../../lib/use-query.ts';
import { LoadError } from '../../components/ui/load-error.tsx';

const STAGES = [
  { key: 'requests', label: 'Requests', color: 'bg-slate-400' },
  { key: 'answeredWithin24h', label: 'Answered within 24 h', color: 'bg-sky-600' },
  { key: 'quoted', label: 'Quoted', color: 'bg-indigo-600' },
  { key: 'won', label: 'Won', color: 'bg-emerald-600' },
] as const;

const pct = (n: number, of: number) => (of === 0 ? '—' : `${Math.round((n / of) * 100)}%`);

/** One group's funnel: four bars scaled to its requests, each with its count and share. */
function FunnelBars({ row, scale }: { row: FunnelRow; scale: number }) {
  return (
    <div className="space-y-1">
      {STAGES.map((s) => (
        <div key={s.key} className="grid grid-cols-[9rem_1fr] items-center gap-2 text-xs sm:grid-cols-[11rem_1fr]">
          <span className="text-muted-foreground">{s.label}</span>
          <div className="flex items-center gap-2">
            <div
              className={`h-4 rounded-sm ${s.color}`}
              style={{ width: `${scale === 0 ? 0 : Math.max(row[s.key] > 0 ? 2 : 0, (row[s.key] / scale) * 100)}%` }}
              aria-hidden="true"
            />
            <span className="whitespace-nowrap tabular-nums">
              {row[s.key].toLocaleString('en-US')}
              {s.key !== 'requests' && (
                <span className="text-muted-foreground"> ({pct(row[s.key], row.requests)})</span>
              )}
            </span>
          </div>
        </div>
      ))}
      <p className="pt-1 text-xs">
        Won work's estimated savings:{' '}
        <strong>{row.wonSavingsPercent === null ? 'no estimate' : `${row.wonSavingsPercent}% on average`}</strong>
      </p>
    </div>
  );
}

/** requests -> answered within 24 h -> quoted -> won, for the period, by month or by source. */
export default function FunnelChart() {
  const [groupBy, setGroupBy] = useState<'month' | 'source'>('month');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const funnel = useRoute(
    ROUTES.adminFunnel,
    { query: { groupBy, from: from || undefined, to: to || undefined } },
    { keepPrevious: true },
  );
  const state = funnel.state;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 rounded-lg border border-border bg-background p-3 sm:grid-cols-3">
        <div>
          <Label htmlFor="funnel-group">Group by</Label>
          <NativeSelect
            id="funnel-group"
            value={groupBy}
            onChange={(e) => setGroupBy(e.target.value as 'month' | 'source')}
            options={[
              { value: 'month', label: 'Month' },
              { value: 'source', label: 'Source' },
            ]}
          />
        </div>
        <div>
          <Label htmlFor="funnel-from">From</Label>
          <Input id="funnel-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="funnel-to">To</Label>
          <Input id="funnel-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <LoadError message="Failed to load the funnel" onRetry={() => void funnel.reload()} />
      )}
      {state.status === 'ready' && (
        <>
          <Card className="p-4">
            <h3 className="mb-3 font-semibold">Whole period</h3>
            <FunnelBars row={state.data.totals} scale={state.data.totals.requests} />
          </Card>
          {state.data.rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No requests in this period.</p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2" aria-label={groupBy === 'month' ? 'By month' : 'By source'}>
              {state.data.rows.map((row) => (
                <li key={row.key}>
                  <Card className="p-4">
                    <h4 className="mb-2 font-semibold">{row.label}</h4>
                    <FunnelBars row={row} scale={Math.max(...state.data.rows.map((r) => r.requests))} />
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
