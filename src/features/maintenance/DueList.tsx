import { ArrowLeft, BookOpen, CalendarCheck, Gauge, Pencil, Plus, Trash2, TriangleAlert, Wrench } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import {
  AIRCRAFT_USAGES,
  SQUAWK_PRIORITIES,
  type MaintenanceItem,
  type MaintenanceView,
  type Squawk,
} from '../../contract/maintenance.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { labelOf } from '../../contract/options.ts';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { useWrite } from '../../lib/use-write.ts';
import { dayAt, formatDay } from '../../lib/format.ts';
import { RecordsPacketButton } from './RecordsPacketButton.tsx';
import { RequestReviewDialog } from './RequestReviewDialog.tsx';
import {
  EditAircraftDialog,
  HoursDialog,
  ItemDialog,
  ResolveSquawkDialog,
  SquawkDialog,
} from './MaintenanceDialogs.tsx';

const BookDialog = lazy(() => import('../booking/BookDialog.tsx'));
import { errorText, ItemStatusBadge, Verdict } from './ui-bits.tsx';
import { citeBeside, dueText, intervalText, lastDoneText } from './due-words.ts';

type DialogState =
  | { kind: 'item'; item: MaintenanceItem | null }
  | { kind: 'hours' }
  | { kind: 'squawk' }
  | { kind: 'resolve'; squawk: Squawk }
  | { kind: 'aircraft' }
  | { kind: 'logbook' }
  | { kind: 'book' }
  | { kind: 'delete-item'; item: MaintenanceItem }
  | { kind: 'review' }
  | null;

const cellLabel = 'text-xs font-medium text-muted-foreground md:hidden';

/** The items table: status colours and cites; selectable and editable for the owner. */
export function ItemsTable({
  items,
  selected,
  onToggle,
  onEdit,
  onDelete,
  highlight,
}: {
  items: MaintenanceItem[];
  selected?: Set<string>;
  onToggle?: (id: string) => void;
  onEdit?: (item: MaintenanceItem) => void;
  onDelete?: (item: MaintenanceItem) => void;
  /** Items a request was made for (the mechanic's view). */
  highlight?: string[];
}) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No due items yet.</p>;
  const rowTone = (s: MaintenanceItem['status']) =>
    s === 'overdue' ? 'border-l-destructive' : s === 'due_soon' ? 'border-l-warning' : 'border-l-success';
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Due items, most urgent first</caption>
      <thead className="hidden text-left text-xs uppercase text-muted-foreground md:table-header-group">
        <tr>
          {onToggle && (
            <th scope="col" className="w-8 p-2">
              <span className="sr-only">Select</span>
            </th>
          )}
          <th scope="col" className="p-2">
            Item
          </th>
          <th scope="col" className="p-2">
            Last done
          </th>
          <th scope="col" className="p-2">
            Interval
          </th>
          <th scope="col" className="p-2">
            Next due
          </th>
          <th scope="col" className="p-2">
            Status
          </th>
          {onEdit && (
            <th scope="col" className="p-2">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr
            key={i.id}
            className={`mb-3 block rounded-md border border-border border-l-4 bg-background p-3 md:mb-0 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0 ${rowTone(i.status)}`}
            data-status={i.status}
          >
            {onToggle && (
              <td className="float-right md:float-none md:table-cell md:p-2">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-accent"
                  checked={selected?.has(i.id) ?? false}
                  onChange={() => onToggle(i.id)}
                  aria-label={`Select ${i.title}`}
                />
              </td>
            )}
            <th scope="row" className="block text-left font-medium md:table-cell md:p-2">
              {i.title}
              {highlight?.includes(i.id) && (
                <Badge tone="info" className="ml-2">
                  On this request
                </Badge>
              )}
              <span className="block text-xs font-normal text-muted-foreground">{citeBeside(i.title, i.cite)}</span>
            </th>
            <td className="block md:table-cell md:p-2">
              <span className={cellLabel}>Last done: </span>
              {lastDoneText(i)}
            </td>
            <td className="block md:table-cell md:p-2">
              <span className={cellLabel}>Interval: </span>
              {intervalText(i)}
            </td>
            <td className="block md:table-cell md:p-2">
              <span className={cellLabel}>Next due: </span>
              {dueText(i)}
            </td>
            <td className="mt-1 block md:mt-0 md:table-cell md:p-2">
              <ItemStatusBadge status={i.status} />
            </td>
            {onEdit && (
              <td className="mt-2 flex gap-1 md:mt-0 md:table-cell md:p-2 md:whitespace-nowrap">
                <Button variant="ghost" size="sm" onClick={() => onEdit(i)} aria-label={`Edit ${i.title}`}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  <span className="md:sr-only">Edit</span>
                </Button>
                {onDelete && (
                  <Button variant="ghost" size="sm" onClick={() => onDelete(i)} aria-label={`Delete ${i.title}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    <span className="md:sr-only">Delete</span>
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SquawkList({
  squawks,
  selected,
  onToggle,
  onResolve,
  highlight,
  timeZone,
}: {
  squawks: Squawk[];
  /** The aircraft's airport's zone: a resolution's day is the local day there. */
  timeZone: string;
  selected?: Set<string>;
  onToggle?: (id: string) => void;
  onResolve?: (s: Squawk) => void;
  highlight?: string[];
}) {
  if (squawks.length === 0) return <p className="text-sm text-muted-foreground">No squawks recorded.</p>;
  return (
    <ul className="space-y-2">
      {squawks.map((s) => (
        <li
          key={s.id}
          className={`flex items-start gap-3 rounded-md border p-3 ${s.status === 'open' && s.priority === 'grounding' ? 'border-destructive/50' : 'border-border'}`}
        >
          {onToggle && s.status === 'open' && (
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-accent"
              checked={selected?.has(s.id) ?? false}
              onChange={() => onToggle(s.id)}
              aria-label={`Select squawk ${s.title}`}
            />
          )}
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              {s.title}{' '}
              <Badge
                tone={
                  s.status === 'resolved'
                    ? 'secondary'
                    : s.priority === 'grounding'
                      ? 'destructive'
                      : s.priority === 'fix_soon'
                        ? 'warning'
                        : 'outline'
                }
              >
                {s.status === 'resolved' ? 'Resolved' : labelOf(SQUAWK_PRIORITIES, s.priority)}
              </Badge>
              {highlight?.includes(s.id) && (
                <Badge tone="info" className="ml-2">
                  On this request
                </Badge>
              )}
            </p>
            {s.description && <p className="text-sm text-muted-foreground">{s.description}</p>}
            {s.status === 'resolved' && s.resolutionNote && (
              <p className="text-sm">
                Resolved {s.resolvedAt ? formatDay(dayAt(s.resolvedAt, timeZone)) : ''}: {s.resolutionNote}
              </p>
            )}
            {s.documentId && <p className="text-xs text-muted-foreground">Photo attached in Documents</p>}
          </div>
          {onResolve && s.status === 'open' && (
            <Button variant="outline" size="sm" onClick={() => onResolve(s)}>
              Resolve
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One aircraft's due list, for its owner: add/edit items, log hours, squawks, select and request service. */
/**
 * The aircraft's logbook dialog: records build on maintenance (docs/decisions/0004), so the screen
 * that shows the due list hands it in rather than this file importing it.
 */
export type LogbookDialogSlot = ComponentType<{ aircraftId: string; tailNumber: string; onClose: () => void }>;

export default function DueList({
  aircraft,
  view,
  error,
  reload,
  onBack,
  onAircraftChanged,
  onRequested,
  logbookDialog: LogbookDialog,
}: {
  aircraft: Aircraft;
  view: MaintenanceView | null;
  error: string | null;
  reload: () => Promise<void>;
  onBack: () => void;
  onAircraftChanged: () => void;
  onRequested: (request: ServiceRequest) => void;
  logbookDialog: LogbookDialogSlot;
}) {
  const [dialog, setDialog] = useState<DialogState>(null);
  const [items, setItems] = useState<Set<string>>(new Set());
  const [squawks, setSquawks] = useState<Set<string>>(new Set());
  const toggle = (set: Set<string>, update: (s: Set<string>) => void) => (id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    update(next);
  };
  const close = () => setDialog(null);
  const saved = () => void reload();
  const count = items.size + squawks.size;

  const deleteWrite = useWrite(ROUTES.maintenanceItemDelete, {
    fallback: 'Could not delete the item',
    reason: errorText,
    onError: (message) => toast.error(message),
  });

  // "Request service" opens the review step; the request is sent from there (RequestReviewDialog).
  const sent = (created: ServiceRequest) => {
    toast.success(`Service request sent to mechanics near ${created.serviceLocation}`);
    setItems(new Set());
    setSquawks(new Set());
    onRequested(created);
  };

  const deleteItem = async (item: MaintenanceItem) => {
    if (!(await deleteWrite.run({ params: { id: aircraft.id, itemId: item.id } })).ok) return;
    toast.success(`${item.title} deleted`);
    close();
    void reload();
  };

  return (
    <section aria-labelledby="due-heading" className="space-y-4">
      <Button variant="link" size="sm" className="px-0" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All aircraft
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="due-heading" className="text-xl font-semibold">
            Due list · {aircraft.tailNumber}
          </h2>
          <p className="text-sm text-muted-foreground">
            {aircraft.year ? `${aircraft.year} ` : ''}
            {aircraft.make} {aircraft.model} · {labelOf(AIRCRAFT_USAGES, aircraft.usage)} · home{' '}
            {aircraft.homeAirport ?? 'not set'}
          </p>
          {view && (
            <p className="text-sm text-muted-foreground">
              {view.currentHours === null ? 'No hours logged' : `${view.currentHours.toLocaleString('en-US')} h now`}
              {view.hoursPerDay !== null && ` · about ${view.hoursPerDay} h a day over the last 90 days`}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog({ kind: 'book' })}>
            <CalendarCheck className="h-4 w-4" aria-hidden="true" />
            Book
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'hours' })}>
            <Gauge className="h-4 w-4" aria-hidden="true" />
            Log hours
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'item', item: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add item
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'squawk' })}>
            <TriangleAlert className="h-4 w-4" aria-hidden="true" />
            Record squawk
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'logbook' })}>
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            Logbook
          </Button>
          <RecordsPacketButton aircraftId={aircraft.id} tailNumber={aircraft.tailNumber} />
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'aircraft' })}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit aircraft
          </Button>
        </div>
      </div>

      {error && <Alert>{error}</Alert>}
      {!view && !error && <Loading label="Loading the due list..." />}
      {view && (
        <>
          <Verdict view={view} />
          <Card className="p-3 sm:p-4">
            <h3 className="mb-2 font-semibold">Due items</h3>
            <ItemsTable
              items={view.items}
              selected={items}
              onToggle={toggle(items, setItems)}
              onEdit={(item) => setDialog({ kind: 'item', item })}
              onDelete={(item) => setDialog({ kind: 'delete-item', item })}
            />
          </Card>
          <Card className="p-3 sm:p-4">
            <h3 className="mb-2 font-semibold">Squawks</h3>
            <SquawkList
              squawks={view.squawks}
              timeZone={view.timeZone}
              selected={squawks}
              onToggle={toggle(squawks, setSquawks)}
              onResolve={(squawk) => setDialog({ kind: 'resolve', squawk })}
            />
          </Card>
          <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-background p-3 shadow-md">
            <p className="text-sm" aria-live="polite">
              {count === 0 ? 'Select items and squawks to request service for them.' : `${count} selected`}
            </p>
            <Button onClick={() => setDialog({ kind: 'review' })} disabled={count === 0}>
              <Wrench className="h-4 w-4" aria-hidden="true" />
              Request service
            </Button>
          </div>
        </>
      )}

      {dialog?.kind === 'review' && view && (
        <RequestReviewDialog
          aircraft={aircraft}
          items={view.items.filter((i) => items.has(i.id))}
          squawks={view.squawks.filter((q) => squawks.has(q.id))}
          onOpenChange={(o) => !o && close()}
          onSent={sent}
          onAircraftChanged={onAircraftChanged}
        />
      )}
      {dialog?.kind === 'item' && (
        <ItemDialog aircraftId={aircraft.id} item={dialog.item} onOpenChange={(o) => !o && close()} onSaved={saved} />
      )}
      {dialog?.kind === 'hours' && (
        <HoursDialog
          aircraft={aircraft}
          currentHours={view?.currentHours ?? null}
          timeZone={view?.timeZone ?? null}
          onOpenChange={(o) => !o && close()}
          onSaved={() => {
            saved();
            onAircraftChanged();
          }}
        />
      )}
      {dialog?.kind === 'squawk' && (
        <SquawkDialog aircraftId={aircraft.id} onOpenChange={(o) => !o && close()} onSaved={saved} />
      )}
      {dialog?.kind === 'resolve' && (
        <ResolveSquawkDialog
          aircraftId={aircraft.id}
          squawk={dialog.squawk}
          onOpenChange={(o) => !o && close()}
          onSaved={saved}
        />
      )}
      {dialog?.kind === 'aircraft' && (
        <EditAircraftDialog
          aircraft={aircraft}
          onOpenChange={(o) => !o && close()}
          onSaved={() => {
            saved();
            onAircraftChanged();
          }}
        />
      )}
      {dialog?.kind === 'book' && (
        <Suspense fallback={null}>
          <BookDialog aircraft={aircraft} onClose={close} dueItems={view?.items ?? []} selected={items} />
        </Suspense>
      )}
      {dialog?.kind === 'logbook' && (
        <Suspense fallback={null}>
          <LogbookDialog aircraftId={aircraft.id} tailNumber={aircraft.tailNumber} onClose={close} />
        </Suspense>
      )}
      {dialog?.kind === 'delete-item' && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && close()}
          title={`Delete ${dialog.item.title}?`}
          description="The item and its history here are removed. Logbook entries are not affected."
          confirmLabel="Delete item"
          destructive
          onConfirm={() => void deleteItem(dialog.item)}
        />
      )}
    </section>
  );
}
