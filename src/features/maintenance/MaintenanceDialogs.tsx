import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Input, NativeSelect, Textarea } from '../../components/ui/field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import {
  AIRCRAFT_USAGES,
  FIXED_INTERVAL_KINDS,
  ITEM_KINDS,
  KIND_RULES,
  MAINTENANCE,
  SQUAWK_PRIORITIES,
  type ItemKind,
  type MaintenanceItem,
  type Squawk,
  type SquawkPriority,
} from '../../contract/maintenance.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import { ROUTES, type InputOf } from '../../contract/routes.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';
import { todayIso } from '../../components/ui/form-bits.tsx';
import { dayAt } from '../../lib/format.ts';
import { errorText } from './ui-bits.tsx';

/** How each dialog's write reads a failure: the server's sentence, else this one. */
const FAILED = { fallback: 'Something went wrong. Please try again.', reason: errorText } as const;

/**
 * A dialog whose form sends its write (`useWrite` in each dialog), shows the server's sentence on a
 * failure and closes on success.
 */
function FormDialog({
  title,
  description,
  submitLabel,
  onOpenChange,
  submit,
  pending,
  error,
  children,
}: {
  title: string;
  description?: string;
  submitLabel: string;
  onOpenChange: (open: boolean) => void;
  /** Sends the write; true when it succeeded. */
  submit: () => Promise<boolean>;
  pending: boolean;
  error: string | null;
  children: ReactNode;
}) {
  const busy = pending;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await submit()) onOpenChange(false);
  };
  return (
    <Dialog open onOpenChange={onOpenChange} title={title} {...(description ? { description } : {})}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
        {children}
        {error && <Alert>{error}</Alert>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" pending={busy}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <FormField id={id} label={label} {...(hint ? { hint } : {})}>
      {children}
    </FormField>
  );
}

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

// ---------------------------------------------------------------------------------------------

export function ItemDialog({
  aircraftId,
  item,
  onOpenChange,
  onSaved,
}: {
  aircraftId: string;
  item: MaintenanceItem | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [kind, setKind] = useState<ItemKind>(item?.kind ?? 'annual');
  const [f, setF] = useState({
    title: item && item.kind !== 'ad' ? item.title : '',
    adNumber: str(item?.adNumber),
    adMethod: str(item?.adMethod),
    adRevision: str(item?.adRevision),
    lastDoneDate: str(item?.lastDoneDate),
    lastDoneHours: str(item?.lastDoneHours),
    intervalMonths: str(item?.intervalMonths),
    intervalHours: str(item?.intervalHours),
    dueDate: item && item.intervalMonths === null ? str(item.dueDate) : '',
    dueHours: item && item.intervalHours === null ? str(item.dueHours) : '',
    notes: str(item?.notes),
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((v) => ({ ...v, [k]: e.target.value }));
  const fixed = FIXED_INTERVAL_KINDS.includes(kind);
  const rule = KIND_RULES[kind];
  const saved = () => {
    toast.success(item ? 'Item updated' : 'Item added');
    onSaved();
  };
  const update = useWrite(ROUTES.maintenanceItemUpdate, { ...FAILED, onSuccess: saved });
  const add = useWrite(ROUTES.maintenanceItemAdd, { ...FAILED, onSuccess: saved });
  const submit = async () => {
    const body: InputOf<typeof ROUTES.maintenanceItemUpdate> = {
      lastDoneDate: f.lastDoneDate,
      lastDoneHours: f.lastDoneHours,
      notes: f.notes,
      ...(kind === 'custom' || kind === 'ad' || kind === 'elt'
        ? { title: kind === 'elt' && !f.title ? '' : f.title }
        : {}),
      ...(kind === 'ad' ? { adNumber: f.adNumber, adMethod: f.adMethod, adRevision: f.adRevision } : {}),
      ...(fixed
        ? {}
        : {
            intervalMonths: f.intervalMonths,
            intervalHours: f.intervalHours,
            dueDate: f.dueDate,
            dueHours: f.dueHours,
          }),
    };
    const sent = item
      ? await update.run({ params: { id: aircraftId, itemId: item.id }, body })
      : await add.run({ params: { id: aircraftId }, body: { ...body, kind } });
    return sent.ok;
  };
  const p = 'item';
  return (
    <FormDialog
      title={item ? `Edit ${item.title}` : 'Add due item'}
      description="Enter what the logbook, certificate or AD says; the next due is computed."
      submitLabel={item ? 'Save item' : 'Add item'}
      onOpenChange={onOpenChange}
      submit={submit}
      pending={update.pending || add.pending}
      error={update.error ?? add.error}
    >
      {!item && (
        <Field id={`${p}-kind`} label="Kind *">
          <NativeSelect
            id={`${p}-kind`}
            options={ITEM_KINDS}
            value={kind}
            onChange={(e) => setKind(e.target.value as ItemKind)}
          />
        </Field>
      )}
      <p className="text-sm text-muted-foreground">
        Rule: {rule.cite}
        {fixed &&
          ` · due every ${rule.intervalMonths ? `${rule.intervalMonths} calendar months` : `${rule.intervalHours} hours`}`}
        {kind === '100_hour' &&
          ' · applies when the aircraft is used for hire; up to 10 hours over only to reach a place where it can be done'}
      </p>
      {kind === 'ad' && (
        <Field id={`${p}-ad`} label="AD number *" hint="As YYYY-NN-NN, e.g. 2020-18-03">
          <Input
            id={`${p}-ad`}
            value={f.adNumber}
            onChange={set('adNumber')}
            inputMode="numeric"
            placeholder="2020-18-03"
          />
        </Field>
      )}
      {kind === 'ad' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${p}-adRevision`} label="Revision" hint="The amendment or revision that applies">
            <Input
              id={`${p}-adRevision`}
              value={f.adRevision}
              onChange={set('adRevision')}
              maxLength={MAINTENANCE.text.adRevision}
              placeholder="Amendment 39-21234"
            />
          </Field>
          <Field id={`${p}-adMethod`} label="Method of compliance" hint="14 CFR 91.417(a)(2)(v)">
            <Input
              id={`${p}-adMethod`}
              value={f.adMethod}
              onChange={set('adMethod')}
              maxLength={MAINTENANCE.text.adMethod}
              placeholder="Inspected per paragraph (g)"
            />
          </Field>
        </div>
      )}
      {(kind === 'custom' || kind === 'ad' || kind === 'elt') && (
        <Field
          id={`${p}-title`}
          label={kind === 'custom' ? 'Title *' : 'Title'}
          {...(kind === 'elt' ? { hint: 'e.g. "ELT battery" with its replacement date as the due date' } : {})}
        >
          <Input
            id={`${p}-title`}
            value={f.title}
            onChange={set('title')}
            maxLength={MAINTENANCE.text.title}
            placeholder={kind === 'custom' ? 'Oil change' : ''}
          />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${p}-lastDoneDate`} label="Last done (date)">
          <Input
            id={`${p}-lastDoneDate`}
            type="date"
            value={f.lastDoneDate}
            onChange={set('lastDoneDate')}
            max={todayIso()}
          />
        </Field>
        <Field id={`${p}-lastDoneHours`} label="Last done (hours)">
          <Input
            id={`${p}-lastDoneHours`}
            type="number"
            inputMode="decimal"
            step={0.1}
            min={0}
            value={f.lastDoneHours}
            onChange={set('lastDoneHours')}
          />
        </Field>
        {!fixed && (
          <>
            <Field id={`${p}-intervalMonths`} label="Every (months)">
              <Input
                id={`${p}-intervalMonths`}
                type="number"
                inputMode="numeric"
                step={1}
                min={1}
                value={f.intervalMonths}
                onChange={set('intervalMonths')}
              />
            </Field>
            <Field id={`${p}-intervalHours`} label="Every (hours)">
              <Input
                id={`${p}-intervalHours`}
                type="number"
                inputMode="decimal"
                step={0.1}
                min={0}
                value={f.intervalHours}
                onChange={set('intervalHours')}
              />
            </Field>
            <Field id={`${p}-dueDate`} label={kind === 'registration' ? 'Expiry date *' : 'Fixed due date'}>
              <Input id={`${p}-dueDate`} type="date" value={f.dueDate} onChange={set('dueDate')} />
            </Field>
            <Field id={`${p}-dueHours`} label="Fixed due hours">
              <Input
                id={`${p}-dueHours`}
                type="number"
                inputMode="decimal"
                step={0.1}
                min={0}
                value={f.dueHours}
                onChange={set('dueHours')}
              />
            </Field>
          </>
        )}
      </div>
      <Field id={`${p}-notes`} label="Notes">
        <Textarea
          id={`${p}-notes`}
          value={f.notes}
          onChange={set('notes')}
          rows={2}
          maxLength={MAINTENANCE.text.note}
        />
      </Field>
    </FormDialog>
  );
}

export function HoursDialog({
  aircraft,
  currentHours,
  timeZone,
  onOpenChange,
  onSaved,
}: {
  aircraft: Pick<Aircraft, 'id' | 'tailNumber'>;
  currentHours: number | null;
  /** The aircraft's airport's zone: a reading is dated on the local day there, whatever the reader's clock says. */
  timeZone: string | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [hours, setHours] = useState(currentHours === null ? '' : String(currentHours));
  const today = timeZone ? dayAt(new Date(), timeZone) : todayIso();
  const [date, setDate] = useState(today);
  const log = useWrite(ROUTES.aircraftHours, {
    ...FAILED,
    onSuccess: () => {
      toast.success('Hours logged');
      onSaved();
    },
  });
  return (
    <FormDialog
      pending={log.pending}
      error={log.error}
      title={`Log hours for ${aircraft.tailNumber}`}
      description="The tach (or Hobbs) reading now; never below the last one."
      submitLabel="Log hours"
      onOpenChange={onOpenChange}
      submit={async () => (await log.run({ params: { id: aircraft.id }, body: { hours, date } })).ok}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="hours-hours" label="Hours *">
          <Input
            id="hours-hours"
            type="number"
            inputMode="decimal"
            step={0.1}
            min={currentHours ?? 0}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            required
          />
        </Field>
        <Field id="hours-date" label="Date *">
          <Input
            id="hours-date"
            type="date"
            value={date}
            max={today}
            onChange={(e) => setDate(e.target.value)}
            required
          />
        </Field>
      </div>
    </FormDialog>
  );
}

export function SquawkDialog({
  aircraftId,
  onOpenChange,
  onSaved,
}: {
  aircraftId: string;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [f, setF] = useState({ title: '', description: '', priority: 'fix_soon' as SquawkPriority, documentId: '' });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((v) => ({ ...v, [k]: e.target.value }));
  // The owner's photos (of this aircraft or of none) to attach; without any, the field is not shown.
  const documents = useRoute(ROUTES.documents).data ?? [];
  const photos = documents
    .filter((d) => d.documentType === 'photo' && (d.aircraftId === null || d.aircraftId === aircraftId))
    .map((d) => ({ value: d.id, label: d.title }));
  const record = useWrite(ROUTES.squawkAdd, {
    ...FAILED,
    onSuccess: () => {
      toast.success('Squawk recorded');
      onSaved();
    },
  });
  return (
    <FormDialog
      pending={record.pending}
      error={record.error}
      title="Record a squawk"
      description="A discrepancy found on the aircraft."
      submitLabel="Record squawk"
      onOpenChange={onOpenChange}
      submit={async () =>
        (await record.run({ params: { id: aircraftId }, body: { ...f, documentId: f.documentId || null } })).ok
      }
    >
      <Field id="squawk-title" label="Title *">
        <Input id="squawk-title" value={f.title} onChange={set('title')} maxLength={MAINTENANCE.text.title} required />
      </Field>
      <Field id="squawk-description" label="Description">
        <Textarea id="squawk-description" value={f.description} onChange={set('description')} rows={3} />
      </Field>
      <Field id="squawk-priority" label="Priority *">
        <NativeSelect id="squawk-priority" options={SQUAWK_PRIORITIES} value={f.priority} onChange={set('priority')} />
      </Field>
      {photos.length > 0 && (
        <Field id="squawk-photo" label="Photo from Documents">
          <NativeSelect
            id="squawk-photo"
            options={[{ value: '', label: 'No photo' }, ...photos]}
            value={f.documentId}
            onChange={set('documentId')}
          />
        </Field>
      )}
    </FormDialog>
  );
}

export function ResolveSquawkDialog({
  aircraftId,
  squawk,
  onOpenChange,
  onSaved,
}: {
  aircraftId: string;
  squawk: Squawk;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [note, setNote] = useState('');
  const resolve = useWrite(ROUTES.squawkUpdate, {
    ...FAILED,
    onSuccess: () => {
      toast.success('Squawk resolved');
      onSaved();
    },
  });
  return (
    <FormDialog
      pending={resolve.pending}
      error={resolve.error}
      title={`Resolve "${squawk.title}"`}
      submitLabel="Resolve squawk"
      onOpenChange={onOpenChange}
      submit={async () =>
        (
          await resolve.run({
            params: { id: aircraftId, squawkId: squawk.id },
            body: { status: 'resolved', resolutionNote: note },
          })
        ).ok
      }
    >
      <Field id="resolve-note" label="Resolution note *">
        <Textarea id="resolve-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} required />
      </Field>
    </FormDialog>
  );
}

export function EditAircraftDialog({
  aircraft,
  onOpenChange,
  onSaved,
}: {
  aircraft: Aircraft;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [f, setF] = useState({
    tailNumber: aircraft.tailNumber,
    make: aircraft.make,
    model: aircraft.model,
    year: str(aircraft.year),
    usage: aircraft.usage,
    homeAirport: str(aircraft.homeAirport),
    dueSoonDays: String(aircraft.dueSoonDays),
    dueSoonHours: String(aircraft.dueSoonHours),
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((v) => ({ ...v, [k]: e.target.value }));
  const save = useWrite(ROUTES.aircraftUpdate, {
    ...FAILED,
    onSuccess: () => {
      toast.success('Aircraft saved');
      onSaved();
    },
  });
  return (
    <FormDialog
      pending={save.pending}
      error={save.error}
      title={`Edit ${aircraft.tailNumber}`}
      submitLabel="Save aircraft"
      onOpenChange={onOpenChange}
      submit={async () => (await save.run({ params: { id: aircraft.id }, body: f })).ok}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="edit-tail" label="Tail Number *">
          <Input
            id="edit-tail"
            value={f.tailNumber}
            onChange={set('tailNumber')}
            autoCapitalize="characters"
            required
          />
        </Field>
        <Field id="edit-year" label="Year">
          <Input id="edit-year" type="number" inputMode="numeric" value={f.year} onChange={set('year')} />
        </Field>
        <Field id="edit-make" label="Make *">
          <Input id="edit-make" value={f.make} onChange={set('make')} required />
        </Field>
        <Field id="edit-model" label="Model *">
          <Input id="edit-model" value={f.model} onChange={set('model')} required />
        </Field>
        <Field id="edit-usage" label="Usage">
          <NativeSelect id="edit-usage" options={AIRCRAFT_USAGES} value={f.usage} onChange={set('usage')} />
        </Field>
        <Field id="edit-home" label="Home airport" hint="Airport code or city, state: where mechanics come to">
          <Input id="edit-home" value={f.homeAirport} onChange={set('homeAirport')} placeholder="KPAO" />
        </Field>
        <Field id="edit-soon-days" label="Due soon within (days)">
          <Input
            id="edit-soon-days"
            type="number"
            inputMode="numeric"
            min={1}
            value={f.dueSoonDays}
            onChange={set('dueSoonDays')}
          />
        </Field>
        <Field id="edit-soon-hours" label="Due soon within (hours)">
          <Input
            id="edit-soon-hours"
            type="number"
            inputMode="decimal"
            min={1}
            step={0.1}
            value={f.dueSoonHours}
            onChange={set('dueSoonHours')}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
