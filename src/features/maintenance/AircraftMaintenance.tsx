import { ListChecks, Plane, Plus, Trash2, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { MAINTENANCE } from '../../contract/maintenance.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { useWrite } from '../../lib/use-write.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import DueList, { type LogbookDialogSlot } from './DueList.tsx';
import { errorText, ItemStatusBadge, useDueList, Verdict } from './ui-bits.tsx';
import { citeBeside, dueText } from './due-words.ts';

function AircraftCard({
  aircraft,
  onOpen,
  onRequestFor,
  onDelete,
}: {
  aircraft: Aircraft;
  onOpen: () => void;
  onRequestFor: () => void;
  onDelete: () => void;
}) {
  const { view, error } = useDueList(aircraft.id);
  const next =
    view?.items.filter((i) => i.dueDate !== null || i.dueHours !== null).slice(0, MAINTENANCE.cardItems) ?? [];
  const headingId = `aircraft-${aircraft.id}-heading`;
  return (
    <Card className="flex h-full flex-col gap-3 p-5" aria-labelledby={headingId} role="group">
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {aircraft.tailNumber}
        </h3>
        <p className="text-muted-foreground">
          {aircraft.year ? `${aircraft.year} ` : ''}
          {aircraft.make} {aircraft.model}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          {aircraft.totalHours === null
            ? 'Total hours not recorded'
            : `${aircraft.totalHours.toLocaleString('en-US')} total hours`}
        </p>
      </div>
      {error && <Alert>{error}</Alert>}
      {!view && !error && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Reading its due list...
        </p>
      )}
      {view && <Verdict view={view} compact />}
      {view && (
        <div>
          <h4 className="text-sm font-semibold">Next due</h4>
          {next.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No due items yet: open the due list to add the annual and the rest.
            </p>
          ) : (
            <ul className="mt-1 space-y-2">
              {next.map((i) => (
                <li key={i.id} className="flex items-start justify-between gap-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-medium">{i.title}</span>
                    <span className="block text-xs text-muted-foreground">
                      {dueText(i)} · {citeBeside(i.title, i.cite)}
                    </span>
                  </span>
                  <ItemStatusBadge status={i.status} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {/* The actions come with the verdict, not before it: a button drawn under a spinner would move
          down as the verdict and items arrive, and a quick tap would land on them instead. */}
      {(view || error) && (
        <div className="mt-auto flex flex-col gap-2">
          <Button size="sm" onClick={onOpen}>
            <ListChecks className="h-4 w-4" aria-hidden="true" />
            Due list for {aircraft.tailNumber}
          </Button>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              className="h-auto min-h-9 min-w-0 flex-1 whitespace-normal!"
              onClick={onRequestFor}
            >
              <Wrench className="h-4 w-4" aria-hidden="true" />
              Request service for {aircraft.tailNumber}
            </Button>
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${aircraft.tailNumber}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

function OpenDueList({
  aircraft,
  onBack,
  onChanged,
  onRequested,
  logbookDialog,
}: {
  aircraft: Aircraft;
  onBack: () => void;
  onChanged: () => void;
  onRequested: (r: ServiceRequest) => void;
  logbookDialog: LogbookDialogSlot;
}) {
  const { view, error, reload } = useDueList(aircraft.id);
  return (
    <DueList
      aircraft={aircraft}
      view={view}
      error={error}
      reload={reload}
      onBack={onBack}
      onAircraftChanged={onChanged}
      onRequested={onRequested}
      logbookDialog={logbookDialog}
    />
  );
}

/** My Aircraft: a card per aircraft with its verdict and next three due items, and its due list. */
export default function AircraftMaintenance({
  aircraft,
  focus = null,
  onAdd,
  onRequestFor,
  onChanged,
  onRequested,
  logbookDialog,
}: {
  aircraft: Aircraft[];
  focus?: { id: string } | null;
  onAdd: () => void;
  onRequestFor: (id: string) => void;
  onChanged: () => void;
  onRequested: (request: ServiceRequest) => void;
  /** The aircraft's logbook, handed in by the screen that shows this (records sit above maintenance). */
  logbookDialog: LogbookDialogSlot;
}) {
  const [openId, setOpenId] = useState<string | null>(focus?.id ?? null);
  useEffect(() => {
    if (focus) setOpenId(focus.id);
  }, [focus]);
  const [deleting, setDeleting] = useState<Aircraft | null>(null);
  const removeWrite = useWrite(ROUTES.aircraftDelete, {
    fallback: 'Could not delete the aircraft',
    reason: errorText,
    onError: (message) => toast.error(message),
  });
  const busy = removeWrite.pending;
  const open = aircraft.find((a) => a.id === openId);
  if (open)
    return (
      <OpenDueList
        key={open.id}
        aircraft={open}
        onBack={() => setOpenId(null)}
        onChanged={onChanged}
        onRequested={onRequested}
        logbookDialog={logbookDialog}
      />
    );

  const remove = async (a: Aircraft) => {
    if (!(await removeWrite.run({ params: { id: a.id } })).ok) return;
    toast.success(`${a.tailNumber} deleted`);
    setDeleting(null);
    onChanged();
  };

  return (
    <section aria-labelledby="aircraft-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="aircraft-heading" className="text-xl font-semibold">
          My Aircraft
        </h2>
        <Button onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Aircraft
        </Button>
      </div>
      {aircraft.length === 0 ? (
        <EmptyState
          Icon={Plane}
          title="No aircraft yet"
          hint="Add your aircraft once; requesting service for it then takes a few clicks."
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {aircraft.map((a) => (
            // min-w-0: a grid item may shrink to its column instead of growing with a long label.
            <li key={a.id} className="min-w-0">
              <AircraftCard
                aircraft={a}
                onOpen={() => setOpenId(a.id)}
                onRequestFor={() => onRequestFor(a.id)}
                onDelete={() => setDeleting(a)}
              />
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setDeleting(null)}
          title={`Delete ${deleting.tailNumber}?`}
          description="Its hour readings, due items and squawks are deleted with it. Past service requests keep their copy of its details."
          confirmLabel="Delete aircraft"
          destructive
          busy={busy}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </section>
  );
}
