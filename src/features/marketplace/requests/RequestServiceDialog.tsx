import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { CharacterCount, Checkbox, NativeSelect, Textarea } from '../../../components/ui/field.tsx';
import {
  type Aircraft,
  MARKETPLACE,
  MARKETPLACE_SERVICE_TYPES,
  URGENCY_LEVELS,
} from '../../../contract/marketplace.ts';
import {
  type ServiceRequest,
  type ServiceRequestData,
  type ServiceRequestInput,
  ServiceRequestSchema,
} from '../../../contract/service-requests.ts';
import { REGISTRATION_EXAMPLES } from '../../../contract/registration.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { failedStatus, isTemporarilyUnavailable } from '../../../lib/unavailable.ts';
import { UnavailableAlert } from '../../../components/ui/unavailable-alert.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { MoneyField, NumberField, TextField, todayIso } from '../../../components/ui/form-bits.tsx';
import type { DraftToOpen } from '../../inbox/invitation.ts';

const EMPTY: ServiceRequestInput = {
  aircraftId: null,
  aircraftMake: '',
  aircraftModel: '',
  aircraftYear: '',
  aircraftTailNumber: '',
  aircraftTotalHours: '',
  aircraftLocation: '',
  serviceType: '' as ServiceRequestInput['serviceType'],
  serviceDescription: '',
  urgencyLevel: 'normal',
  preferredStartDate: '',
  serviceLocation: '',
  customerWillTravel: false,
  maxTravelDistance: String(MARKETPLACE.maxTravelDistance),
  estimatedBudget: '',
};

const OTHER = 'other';
const LOCATION_HINT = 'An airport identifier (KSJC) or a US city ("San Jose, CA").';
const IDENTITY: Array<['aircraftMake' | 'aircraftModel' | 'aircraftTailNumber', string]> = [
  ['aircraftMake', 'Aircraft make'],
  ['aircraftModel', 'Aircraft model'],
  ['aircraftTailNumber', 'Tail number'],
];
const blank = (v: unknown) => String(v ?? '').trim() === '';

/**
 * The shared schema, plus what the form knows better: one location stands for both unless the work
 * happens elsewhere; and every error shows on the first submit (zod checks the typed aircraft's
 * identity only once the rest parses, and the past is judged by the user's own today).
 */
function requestResolver(
  base: Resolver<ServiceRequestInput, unknown, ServiceRequestData>,
  elsewhere: { current: boolean },
): Resolver<ServiceRequestInput, unknown, ServiceRequestData> {
  return async (values, context, options) => {
    const filled = elsewhere.current ? values : { ...values, serviceLocation: values.aircraftLocation };
    const result = await base(filled, context, options);
    const extra: FieldErrors<ServiceRequestInput> = {};
    if (!filled.aircraftId) {
      for (const [key, label] of IDENTITY)
        if (blank(filled[key])) extra[key] = { type: 'required', message: `${label} is required` };
    }
    const start = String(filled.preferredStartDate ?? '');
    if (start && start < todayIso())
      extra.preferredStartDate = { type: 'min', message: 'Preferred start date cannot be in the past' };
    if (Object.keys(extra).length === 0) return result;
    return { values: {}, errors: { ...extra, ...result.errors } };
  };
}

/**
 * 'Request Aircraft Service' (docs/product.md §5): the aircraft (picked from My Aircraft or typed), the
 * service, where, and the options; urgency defaults to normal and max travel distance to 50.
 */
export default function RequestServiceDialog({
  open,
  onOpenChange,
  aircraft,
  initialAircraftId,
  draft,
  onCreated,
  onEditAircraft,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  aircraft: Aircraft[];
  initialAircraftId?: string | null;
  /** A request drafted from a quote the business converted (docs/decisions/0210): its fields filled in. */
  draft?: DraftToOpen | null;
  onCreated: (r: ServiceRequest) => void;
  /** Opens a saved aircraft in My Aircraft, where its details are edited. */
  onEditAircraft?: (id: string) => void;
}) {
  const elsewhereRef = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm(ServiceRequestSchema, EMPTY, {
    parsed: true,
    wrap: (check) => requestResolver(check, elsewhereRef),
  });
  const [picked, setPicked] = useState<string>(OTHER);
  const [elsewhere, setElsewhere] = useState(false);
  elsewhereRef.current = elsewhere;
  const saved = aircraft.find((a) => a.id === picked) ?? null;
  const [unavailable, setUnavailable] = useState(false);
  const willTravel = watch('customerWillTravel');

  const pick = (id: string) => {
    setPicked(id);
    const a = aircraft.find((x) => x.id === id);
    setValue('aircraftId', a ? a.id : null);
    setValue('aircraftMake', a?.make ?? '');
    setValue('aircraftModel', a?.model ?? '');
    setValue('aircraftTailNumber', a?.tailNumber ?? '');
    setValue('aircraftYear', a?.year === null || a === undefined ? '' : String(a.year));
    setValue('aircraftTotalHours', a?.totalHours === null || a === undefined ? '' : String(a.totalHours));
    // The aircraft's home airport is where it usually is: the location to start from.
    if (a?.homeAirport) setValue('aircraftLocation', a.homeAirport);
  };

  const fillDraft = (d: DraftToOpen, typed: boolean) => {
    if (typed) {
      setValue('aircraftMake', d.aircraftMake);
      setValue('aircraftModel', d.aircraftModel);
      setValue('aircraftTailNumber', d.aircraftTailNumber ?? '');
      setValue('aircraftTotalHours', d.aircraftTotalHours === null ? '' : String(d.aircraftTotalHours));
    }
    setValue('serviceType', d.serviceType as ServiceRequestInput['serviceType']);
    setValue('serviceDescription', d.serviceDescription);
    if (d.location) setValue('aircraftLocation', d.location);
  };

  // Opening with an aircraft (from My Aircraft) or the first one preselected saves typing.
  useEffect(() => {
    if (!open) return;
    setUnavailable(false);
    setElsewhere(false);
    const first = initialAircraftId ?? aircraft[0]?.id ?? OTHER;
    pick(first);
    if (draft) fillDraft(draft, first === OTHER);
  }, [open, initialAircraftId]);

  // What was sent, to tell which location the server could not find.
  const sent = useRef<ServiceRequestData | null>(null);
  const create = useWrite(ROUTES.requestCreate, {
    fallback: 'Failed to submit quote request',
    onSuccess: (created) => {
      toast.success('Quote request submitted! Matching with mechanics...');
      reset(EMPTY);
      onCreated(created);
      onOpenChange(false);
    },
    onError: (_message, err) => {
      // An unknown location is the user's to fix: show it on the field as well.
      if (err instanceof ApiError && err.status === 400 && err.detail?.startsWith('We could not find')) {
        const field =
          elsewhere && err.detail.includes(`"${sent.current?.serviceLocation}"`)
            ? 'serviceLocation'
            : 'aircraftLocation';
        setError(field, { message: err.detail });
      }
      if (isTemporarilyUnavailable(failedStatus(err))) {
        setUnavailable(true);
        // The dialog stays open with what was entered; "Try again" submits it again.
        toast.error('Failed to submit quote request', { description: 'Nothing was lost: try again from the form.' });
        return;
      }
      toast.error('Failed to submit quote request');
    },
  });
  const onSubmit = async (values: ServiceRequestData) => {
    setUnavailable(false);
    sent.current = values;
    await create.run({ body: values });
  };

  const f = { prefix: 'request', register, errors } as const;
  const aircraftOptions = [
    ...aircraft.map((a) => ({ value: a.id, label: `${a.tailNumber} · ${a.make} ${a.model}` })),
    { value: OTHER, label: 'Another aircraft (enter details)' },
  ];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request Aircraft Service"
      description="Describe the work; certified A&P mechanics near the location will send quotes."
      className="max-w-2xl"
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-busy={isSubmitting}>
        <fieldset className="space-y-4">
          <legend className="mb-2 font-semibold">Aircraft</legend>
          {aircraft.length > 0 && (
            <FormField id="request-aircraft-pick" label="Aircraft">
              <NativeSelect
                id="request-aircraft-pick"
                options={aircraftOptions}
                value={picked}
                onChange={(e) => pick(e.target.value)}
              />
            </FormField>
          )}
          {saved && (
            <p className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-sm">
              <span>The details below come from My Aircraft, so the request and the aircraft agree.</span>
              {onEditAircraft && (
                <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onEditAircraft(saved.id)}>
                  Edit {saved.tailNumber} in My Aircraft
                </Button>
              )}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...f}
              name="aircraftMake"
              label="Make *"
              placeholder="Cessna"
              required
              readOnly={saved !== null}
            />
            <TextField
              {...f}
              name="aircraftModel"
              label="Model *"
              placeholder="172S Skyhawk"
              required
              readOnly={saved !== null}
            />
            <TextField
              {...f}
              name="aircraftTailNumber"
              label="Tail Number *"
              placeholder="N12345"
              required
              readOnly={saved !== null}
              autoCapitalize="characters"
              {...(saved ? {} : { hint: `A registration mark: ${REGISTRATION_EXAMPLES}.` })}
            />
            <NumberField {...f} name="aircraftYear" label="Year" min={1903} step={1} readOnly={saved !== null} />
            <NumberField {...f} name="aircraftTotalHours" label="Total Hours" min={0} step={0.1} />
            <TextField
              {...f}
              name="aircraftLocation"
              label="Aircraft Location *"
              placeholder="KSJC or San Jose, CA"
              required
              hint={`Where the aircraft is and the work is done. ${LOCATION_HINT}`}
            />
          </div>
          <Checkbox
            id="request-elsewhere"
            label="The work happens somewhere else"
            checked={elsewhere}
            onChange={(e) => setElsewhere(e.target.checked)}
          />
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-2 font-semibold">Service</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="request-serviceType" label="Service Type *" error={errors.serviceType?.message}>
              <NativeSelect
                id="request-serviceType"
                options={MARKETPLACE_SERVICE_TYPES}
                placeholder="Select a service"
                required
                {...fieldAria('request-serviceType', errors.serviceType?.message)}
                {...register('serviceType')}
              />
            </FormField>
            <FormField id="request-urgencyLevel" label="Urgency" error={errors.urgencyLevel?.message}>
              <NativeSelect id="request-urgencyLevel" options={URGENCY_LEVELS} {...register('urgencyLevel')} />
            </FormField>
          </div>
          <FormField
            id="request-serviceDescription"
            label="Service Description *"
            error={errors.serviceDescription?.message}
          >
            <Textarea
              id="request-serviceDescription"
              rows={4}
              required
              maxLength={MARKETPLACE.text.description}
              placeholder="What needs doing, squawks, logbook notes..."
              {...fieldAria('request-serviceDescription', errors.serviceDescription?.message)}
              aria-describedby={[
                fieldAria('request-serviceDescription', errors.serviceDescription?.message)['aria-describedby'],
                'request-serviceDescription-count',
              ]
                .filter(Boolean)
                .join(' ')}
              {...register('serviceDescription')}
            />
            <CharacterCount
              id="request-serviceDescription-count"
              value={watch('serviceDescription')}
              max={MARKETPLACE.text.description}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {elsewhere && (
              <TextField
                {...f}
                name="serviceLocation"
                label="Service Location *"
                placeholder="KSJC or San Jose, CA"
                required
                hint={`Where the mechanic does the work. ${LOCATION_HINT}`}
              />
            )}
            <TextField {...f} name="preferredStartDate" label="Preferred Start Date" type="date" min={todayIso()} />
            <MoneyField {...f} name="estimatedBudget" label="Estimated Budget ($)" />
          </div>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="mb-2 font-semibold">Travel</legend>
          <Checkbox
            id="request-customerWillTravel"
            label="I can fly the aircraft to the mechanic"
            {...register('customerWillTravel')}
          />
          {Boolean(willTravel) && (
            <div className="sm:w-1/2">
              <NumberField {...f} name="maxTravelDistance" label="Max Travel Distance (miles)" min={0} step={1} />
            </div>
          )}
        </fieldset>

        {unavailable && <UnavailableAlert busy={isSubmitting} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Submit Request
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
