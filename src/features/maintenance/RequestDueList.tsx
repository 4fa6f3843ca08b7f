import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';
import { todayIso } from '../../components/ui/form-bits.tsx';
import { ItemsTable, SquawkList } from './DueList.tsx';
import { dueListOf, errorText, Verdict } from './ui-bits.tsx';

function Body({ requestId, canComplete }: { requestId: string; canComplete: boolean }) {
  const query = useRoute(ROUTES.requestMaintenance, { params: { id: requestId } });
  const { view, error } = dueListOf(query);
  const [items, setItems] = useState<Set<string>>(new Set());
  const [squawks, setSquawks] = useState<Set<string>>(new Set());
  const [date, setDate] = useState(todayIso());
  const [hours, setHours] = useState('');
  const record = useWrite(ROUTES.requestMaintenanceComplete, {
    fallback: 'Could not record the work',
    reason: errorText,
  });
  const busy = record.pending;
  const [problem, setProblem] = useState<string | null>(null);
  if (error) return <p className="text-sm text-muted-foreground">{error}</p>;
  if (!view) return <Spinner />;
  const toggle = (set: Set<string>, update: (s: Set<string>) => void) => (id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    update(next);
  };
  const openItems = view.items.filter(
    (i) => view.linkedItemIds.includes(i.id) && !view.completedItemIds.includes(i.id),
  );
  const openSquawks = view.squawks.filter((s) => view.linkedSquawkIds.includes(s.id) && s.status === 'open');
  const complete = async () => {
    setProblem(null);
    const sent = await record.run({
      params: { id: requestId },
      body: { itemIds: [...items], squawkIds: [...squawks], date, hours },
    });
    if (!sent.ok) return setProblem(sent.error);
    query.setData(sent.data);
    toast.success('Recorded as done; the due list is updated');
    setItems(new Set());
    setSquawks(new Set());
  };
  return (
    <div className="mt-3 space-y-3">
      <Verdict view={view} />
      <p className="text-sm text-muted-foreground">
        {view.currentHours === null ? 'No hours logged' : `${view.currentHours.toLocaleString('en-US')} h now`}
      </p>
      <ItemsTable items={view.items} highlight={view.linkedItemIds} />
      {view.squawks.length > 0 && (
        <SquawkList squawks={view.squawks} timeZone={view.timeZone} highlight={view.linkedSquawkIds} />
      )}
      {canComplete && (openItems.length > 0 || openSquawks.length > 0) && (
        <fieldset className="space-y-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-semibold">Mark done on this job</legend>
          <ItemsTable items={openItems} selected={items} onToggle={toggle(items, setItems)} />
          {openSquawks.length > 0 && (
            <SquawkList
              squawks={openSquawks}
              timeZone={view.timeZone}
              selected={squawks}
              onToggle={toggle(squawks, setSquawks)}
            />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={`done-date-${requestId}`} label="Date done *">
              <Input
                id={`done-date-${requestId}`}
                type="date"
                value={date}
                max={todayIso()}
                onChange={(e) => setDate(e.target.value)}
              />
            </FormField>
            <FormField id={`done-hours-${requestId}`} label="Tach at completion">
              <Input
                id={`done-hours-${requestId}`}
                type="number"
                inputMode="decimal"
                step={0.1}
                min={0}
                value={hours}
                onChange={(e) => setHours(e.target.value)}
              />
            </FormField>
          </div>
          {problem && <Alert>{problem}</Alert>}
          <Button onClick={complete} disabled={items.size + squawks.size === 0} pending={busy}>
            Mark selected done
          </Button>
        </fieldset>
      )}
    </div>
  );
}

/** The due list of the aircraft a request came from, opened on demand (a native disclosure). */
export default function RequestDueList({
  requestId,
  canComplete = false,
}: {
  requestId: string;
  canComplete?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="mt-3 rounded-md border border-border p-3"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-sm font-semibold">Aircraft due list</summary>
      {open && <Body requestId={requestId} canComplete={canComplete} />}
    </details>
  );
}
