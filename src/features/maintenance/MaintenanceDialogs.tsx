import { type FormEventHandler, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { NumberField, SelectField, TextField, TextareaField, todayIso } from '../../components/ui/form-bits.tsx';
import {
  AIRCRAFT_USAGES,
  AircraftPatchSchema,
  FIXED_INTERVAL_KINDS,
  HoursSchema,
  ITEM_KINDS,
  ItemCreateSchema,
  ItemPatchSchema,
  KIND_RULES,
  MAINTENANCE,
  SQUAWK_PRIORITIES,
  SquawkCreateSchema,
  SquawkPatchSchema,
  type AircraftUsage,
  type ItemKind,
  type MaintenanceItem,
  type Squawk,
  type SquawkPriority,
} from '../../contract/maintenance.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { ROUTES as DOCUMENTS_ROUTES } from '../../contract/routes/documents.ts';
import type { InputOf } from '../../contract/routes.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';
import { dayAt } from '../../lib/format.ts';
import { errorText } from './ui-bits.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';

/**
 * How each dialog's write reads a failure: the server's sentence, else this one; a 400's field
 * problems go under their fields (the alert keeps what no field owns).
 */
function failed(placeErrors: (error: unknown) => boolean) {
  return {
    fallback: 'Something went wrong. Please try again.',
    reason: errorText,
    onError: (_message: string, error: unknown) => placeErrors(error),
  } as const;
}

/**
 * A dialog whose react-hook-form form sends its write (`useWrite` in each dialog), shows the
 * server's sentence on a failure and closes on success (the write's `onSuccess`).
 */
function FormDialog({
  title,
  description,
  submitLabel,
  onOpenChange,
  onSubmit,
  pending,
  error,
  children,
}: {
  title: string;
  description?: string;
  submitLabel: string;
  onOpenChange: (open: boolean) => void;
  /** `handleSubmit(send)`: the form's own check first, then the write. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  error: string | null;
  children: ReactNode;
}) {
  const busy = pending;
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

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A field's problem is under it: the alert then says nothing more. */
const alertOf = (error: string | null, placed: boolean) => (placed ? null : error);

// ---------------------------------------------------------------------------------------------

interface ItemValues {
  kind: ItemKind;
  title: string;
  adNumber: string;
  adMethod: string;
  adRevision: string;
  lastDoneDate: string;
  lastDoneHours: string;
  intervalMonths: string;
  intervalHours: string;
  dueDate: string;
  dueHours: string;
  notes: string;
}

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
  const {
    register,
    handleSubmit,
    watch,
    placeErrors,
    formState: { errors },
  } = useContractForm<ItemValues>(
    // The same schema as the function: a new item's, or an edit's (every field optional).
    item ? ItemPatchSchema : ItemCreateSchema,
    {
      kind: item?.kind ?? 'annual',
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
    },
  );
  const kind = watch('kind');
  const fixed = FIXED_INTERVAL_KINDS.includes(kind);
  const rule = KIND_RULES[kind];
  const saved = () => {
    toast.success(item ? 'Item updated' : 'Item added');
    onSaved();
    onOpenChange(false);
  };
  const on = { ...failed(placeErrors), onSuccess: saved };
  const update = useWrite(ROUTES.maintenanceItemUpdate, on);
  const add = useWrite(ROUTES.maintenanceItemAdd, on);
  const send = async (f: ItemValues) => {
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
    if (item) await update.run({ params: { id: aircraftId, itemId: item.id }, body });
    else await add.run({ params: { id: aircraftId }, body: { ...body, kind } });
  };
  const placed = Object.values(errors).some((e) => e?.type === 'server');
  const p = { prefix: 'item', register, errors } as const;
  return (
    <FormDialog
      title={item ? `Edit ${item.title}` : 'Add due item'}
      description="Enter what the logbook, certificate or AD says; the next due is computed."
      submitLabel={item ? 'Save item' : 'Add item'}
      onOpenChange={onOpenChange}
      onSubmit={handleSubmit(send)}
      pending={update.pending || add.pending}
      error={alertOf(update.error ?? add.error, placed)}
    >
      {!item && <SelectField {...p} name="kind" label="Kind *" options={ITEM_KINDS} />}
      <p className="text-sm text-muted-foreground">
        Rule: {rule.cite}
        {fixed &&
          ` · due every ${rule.intervalMonths ? `${rule.intervalMonths} calendar months` : `${rule.intervalHours} hours`}`}
        {kind === '100_hour' &&
          ' · applies when the aircraft is used for hire; up to 10 hours over only to reach a place where it can be done'}
      </p>
      {kind === 'ad' && (
        <TextField
          {...p}
          name="adNumber"
          id="item-ad"
          label="AD number *"
          hint="As YYYY-NN-NN, e.g. 2020-18-03"
          inputMode="numeric"
          placeholder="2020-18-03"
        />
      )}
      {kind === 'ad' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...p}
            name="adRevision"
            label="Revision"
            hint="The amendment or revision that applies"
            maxLength={MAINTENANCE.text.adRevision}
            placeholder="Amendment 39-21234"
          />
          <TextField
            {...p}
            name="adMethod"
            label="Method of compliance"
            hint="14 CFR 91.417(a)(2)(v)"
            maxLength={MAINTENANCE.text.adMethod}
            placeholder="Inspected per paragraph (g)"
          />
        </div>
      )}
      {(kind === 'custom' || kind === 'ad' || kind === 'elt') && (
        <TextField
          {...p}
          name="title"
          label={kind === 'custom' ? 'Title *' : 'Title'}
          {...(kind === 'elt' ? { hint: 'e.g. "ELT battery" with its replacement date as the due date' } : {})}
          maxLength={MAINTENANCE.text.title}
          placeholder={kind === 'custom' ? 'Oil change' : ''}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...p} name="lastDoneDate" label="Last done (date)" type="date" max={todayIso()} />
        <NumberField {...p} name="lastDoneHours" label="Last done (hours)" step={0.1} min={0} />
        {!fixed && (
          <>
            <NumberField {...p} name="intervalMonths" label="Every (months)" step={1} min={1} />
            <NumberField {...p} name="intervalHours" label="Every (hours)" step={0.1} min={0} />
            <TextField
              {...p}
              name="dueDate"
              label={kind === 'registration' ? 'Expiry date *' : 'Fixed due date'}
              type="date"
            />
            <NumberField {...p} name="dueHours" label="Fixed due hours" step={0.1} min={0} />
          </>
        )}
      </div>
      <TextareaField {...p} name="notes" label="Notes" rows={2} maxLength={MAINTENANCE.text.note} />
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
  const today = timeZone ? dayAt(new Date(), timeZone) : todayIso();
  const {
    register,
    handleSubmit,
    placeErrors,
    formState: { errors },
  } = useContractForm<{ hours: string; date: string }>(HoursSchema, {
    hours: currentHours === null ? '' : String(currentHours),
    date: today,
  });
  const log = useWrite(ROUTES.aircraftHours, {
    ...failed(placeErrors),
    onSuccess: () => {
      toast.success('Hours logged');
      onSaved();
      onOpenChange(false);
    },
  });
  const p = { prefix: 'hours', register, errors } as const;
  return (
    <FormDialog
      pending={log.pending}
      error={alertOf(log.error, Boolean(errors.hours ?? errors.date))}
      title={`Log hours for ${aircraft.tailNumber}`}
      description="The tach (or Hobbs) reading now; never below the last one."
      submitLabel="Log hours"
      onOpenChange={onOpenChange}
      onSubmit={handleSubmit(async (body) => void (await log.run({ params: { id: aircraft.id }, body })))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField {...p} name="hours" label="Hours *" step={0.1} min={currentHours ?? 0} required />
        <TextField {...p} name="date" label="Date *" type="date" max={today} required />
      </div>
    </FormDialog>
  );
}

interface SquawkValues {
  title: string;
  description: string;
  priority: SquawkPriority;
  /** null for "No photo" (the select's empty choice). */
  documentId: string | null;
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
  const {
    register,
    handleSubmit,
    placeErrors,
    formState: { errors },
  } = useContractForm<SquawkValues>(SquawkCreateSchema, {
    title: '',
    description: '',
    priority: 'fix_soon',
    documentId: null,
  });
  // The owner's photos (of this aircraft or of none) to attach; without any, the field is not shown.
  const documents = useRoute(DOCUMENTS_ROUTES.documents).data ?? [];
  const photos = documents
    .filter((d) => d.documentType === 'photo' && (d.aircraftId === null || d.aircraftId === aircraftId))
    .map((d) => ({ value: d.id, label: d.title }));
  const fields = ['title', 'description', 'priority', 'documentId'] as const;
  const record = useWrite(ROUTES.squawkAdd, {
    ...failed(placeErrors),
    onSuccess: () => {
      toast.success('Squawk recorded');
      onSaved();
      onOpenChange(false);
    },
  });
  const p = { prefix: 'squawk', register, errors } as const;
  return (
    <FormDialog
      pending={record.pending}
      error={alertOf(
        record.error,
        fields.some((f) => errors[f]),
      )}
      title="Record a squawk"
      description="A discrepancy found on the aircraft."
      submitLabel="Record squawk"
      onOpenChange={onOpenChange}
      onSubmit={handleSubmit(async (body) => void (await record.run({ params: { id: aircraftId }, body })))}
    >
      <TextField {...p} name="title" label="Title *" maxLength={MAINTENANCE.text.title} required />
      <TextareaField {...p} name="description" label="Description" rows={3} />
      <SelectField {...p} name="priority" label="Priority *" options={SQUAWK_PRIORITIES} />
      {photos.length > 0 && (
        <SelectField
          {...p}
          name="documentId"
          id="squawk-photo"
          label="Photo from Documents"
          options={[{ value: '', label: 'No photo' }, ...photos]}
          setValueAs={(v) => v || null}
        />
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
  const {
    register,
    handleSubmit,
    placeErrors,
    formState: { errors },
  } = useContractForm<{ status: 'resolved'; resolutionNote: string }>(
    // The function's own patch schema: resolving needs its note.
    SquawkPatchSchema,
    { status: 'resolved', resolutionNote: '' },
    { fields: ['resolutionNote'] },
  );
  const resolve = useWrite(ROUTES.squawkUpdate, {
    ...failed(placeErrors),
    onSuccess: () => {
      toast.success('Squawk resolved');
      onSaved();
      onOpenChange(false);
    },
  });
  return (
    <FormDialog
      pending={resolve.pending}
      error={alertOf(resolve.error, Boolean(errors.resolutionNote))}
      title={`Resolve "${squawk.title}"`}
      submitLabel="Resolve squawk"
      onOpenChange={onOpenChange}
      onSubmit={handleSubmit(
        async (body) => void (await resolve.run({ params: { id: aircraftId, squawkId: squawk.id }, body })),
      )}
    >
      <TextareaField
        prefix="resolve"
        register={register}
        errors={errors}
        name="resolutionNote"
        id="resolve-note"
        label="Resolution note *"
        rows={3}
        required
      />
    </FormDialog>
  );
}

interface AircraftValues {
  tailNumber: string;
  make: string;
  model: string;
  year: string;
  usage: AircraftUsage;
  homeAirport: string;
  dueSoonDays: string;
  dueSoonHours: string;
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
  const {
    register,
    handleSubmit,
    placeErrors,
    formState: { errors },
  } = useContractForm<AircraftValues>(AircraftPatchSchema, {
    tailNumber: aircraft.tailNumber,
    make: aircraft.make,
    model: aircraft.model,
    year: str(aircraft.year),
    usage: aircraft.usage,
    homeAirport: str(aircraft.homeAirport),
    dueSoonDays: String(aircraft.dueSoonDays),
    dueSoonHours: String(aircraft.dueSoonHours),
  });
  const fields = [
    'tailNumber',
    'make',
    'model',
    'year',
    'usage',
    'homeAirport',
    'dueSoonDays',
    'dueSoonHours',
  ] as const satisfies readonly (keyof AircraftValues)[];
  const save = useWrite(ROUTES.aircraftUpdate, {
    ...failed(placeErrors),
    onSuccess: () => {
      toast.success('Aircraft saved');
      onSaved();
      onOpenChange(false);
    },
  });
  const p = { prefix: 'edit', register, errors } as const;
  return (
    <FormDialog
      pending={save.pending}
      error={alertOf(
        save.error,
        fields.some((f) => errors[f]),
      )}
      title={`Edit ${aircraft.tailNumber}`}
      submitLabel="Save aircraft"
      onOpenChange={onOpenChange}
      onSubmit={handleSubmit(async (body) => void (await save.run({ params: { id: aircraft.id }, body })))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...p} name="tailNumber" id="edit-tail" label="Tail Number *" autoCapitalize="characters" required />
        <NumberField {...p} name="year" label="Year" step={1} />
        <TextField {...p} name="make" label="Make *" required />
        <TextField {...p} name="model" label="Model *" required />
        <SelectField {...p} name="usage" label="Usage" options={AIRCRAFT_USAGES} />
        <TextField
          {...p}
          name="homeAirport"
          id="edit-home"
          label="Home airport"
          hint="Airport code or city, state: where mechanics come to"
          placeholder="KPAO"
        />
        <NumberField {...p} name="dueSoonDays" id="edit-soon-days" label="Due soon within (days)" min={1} step={1} />
        <NumberField
          {...p}
          name="dueSoonHours"
          id="edit-soon-hours"
          label="Due soon within (hours)"
          min={1}
          step={0.1}
        />
      </div>
    </FormDialog>
  );
}
