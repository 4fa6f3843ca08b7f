import { CalendarClock, Copy, Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Checkbox, FieldError, Input, Label } from '../../components/ui/field.tsx';
import { NumberField, SelectField, TextField } from '../../components/ui/form-bits.tsx';
import { fieldAria } from '../../components/ui/form-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  AIRCRAFT_CLASSES,
  BOOKING,
  AvailabilityFormSchema,
  availabilityBody,
  HOW_SQUAWKS_ARE_BILLED,
  RatesFormSchema,
  ratesBody,
  type Availability,
  type AvailabilityFormValues,
  type Rate,
  type RateRowValues,
} from '../../contract/booking.ts';
import { MARKETPLACE_SERVICE_TYPES, WEEKDAYS } from '../../contract/marketplace.ts';
import { ROUTES } from '../../contract/routes/booking.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

const zoneLabel = (z: string) => z.replace('America/', '').replace('Pacific/', '').replace('_', ' ');
/** Time zones mechanics in the marketplace's area work in; any IANA name is accepted by the API. */
const TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
].map((z) => ({ value: z, label: zoneLabel(z) }));

const WORKING_DAY = { start: '08:00', end: '17:00' };
const DAY_OFF = { start: '', end: '' };

const rowOf = (r?: Rate): RateRowValues => ({
  serviceType: r?.serviceType ?? 'annual_inspection',
  aircraftClass: r?.aircraftClass ?? 'single_piston_fixed',
  price: r ? String(r.priceCents / 100) : '',
  days: r ? String(r.days) : '1',
  includes: r?.includes ?? '',
});

/**
 * The mechanic's side of instant booking, on the Profile tab: flat rates per service and aircraft
 * class, and the calendar owners book against (weekly hours, time off, jobs at once, the free
 * cancellation window), with the secret address of their calendar feed.
 */
export default function BookingSettings() {
  const rates = useRoute(ROUTES.bookingRates);
  const availability = useRoute(ROUTES.bookingAvailability);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="h-5 w-5" aria-hidden="true" />
          Instant booking
        </CardTitle>
        <CardDescription>
          Owners near you can book work you price in advance on the days you are free, without waiting for quotes.{' '}
          {HOW_SQUAWKS_ARE_BILLED}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {rates.state.status === 'error' || availability.state.status === 'error' ? (
          <Alert>Could not load your booking settings. Reload the page to try again.</Alert>
        ) : !rates.data || !availability.data ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading your booking settings...
          </p>
        ) : (
          <>
            <AvailabilityForm initial={availability.data} onSaved={(a) => availability.setData(a)} />
            <RatesForm initial={rates.data} bookable={availability.data.saved} onSaved={(r) => rates.setData(r)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RatesForm({
  initial,
  bookable,
  onSaved,
}: {
  initial: Rate[];
  bookable: boolean;
  onSaved: (rates: Rate[]) => void;
}) {
  const form = useContractForm<{ rates: RateRowValues[] }>(RatesFormSchema, { rates: initial.map(rowOf) });
  const { control, register, handleSubmit, reset, placeErrors } = form;
  const errors = form.formState.errors;
  const rows = useFieldArray({ control, name: 'rates' });
  const write = useWrite(ROUTES.bookingRatesSave, {
    fallback: 'Could not save your rates. Please try again.',
    onSuccess: (saved) => {
      onSaved(saved);
      toast.success(
        saved.length === 0
          ? 'Flat rates removed: owners cannot book you'
          : `${saved.length} flat ${saved.length === 1 ? 'rate' : 'rates'} saved`,
      );
    },
    onError: (_message, error) => placeErrors(error),
  });
  useEffect(() => reset({ rates: initial.map(rowOf) }), [initial, reset]);
  const save = handleSubmit(async ({ rates }) => {
    await write.run({ body: ratesBody(rates) as never });
  });

  return (
    <form onSubmit={save} noValidate className="space-y-3" aria-labelledby="rates-heading">
      <h3 id="rates-heading" className="font-semibold">
        Flat rates
      </h3>
      {!bookable && (
        <p className="text-sm text-muted-foreground">
          Save your calendar above first: owners see your rates once it is saved.
        </p>
      )}
      {rows.fields.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No flat rates yet. Add the work you are willing to price in advance.
        </p>
      )}
      <ul className="space-y-3">
        {rows.fields.map((r, i) => {
          const field = { prefix: `rate-${r.id}`, register, errors } as const;
          return (
            <li key={r.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-2 lg:grid-cols-6">
              <div className="lg:col-span-2">
                <SelectField
                  {...field}
                  name={`rates.${i}.serviceType`}
                  label="Service"
                  options={MARKETPLACE_SERVICE_TYPES}
                />
              </div>
              <div className="lg:col-span-2">
                <SelectField
                  {...field}
                  name={`rates.${i}.aircraftClass`}
                  label="Aircraft class"
                  options={AIRCRAFT_CLASSES}
                />
              </div>
              <TextField
                {...field}
                name={`rates.${i}.price`}
                label="Price ($)"
                inputMode="decimal"
                placeholder="1850"
              />
              <NumberField
                {...field}
                name={`rates.${i}.days`}
                label="Days on site"
                min={1}
                max={BOOKING.maxDays}
                step={1}
              />
              <div className="sm:col-span-2 lg:col-span-5">
                <TextField
                  {...field}
                  name={`rates.${i}.includes`}
                  label="What the price includes"
                  maxLength={BOOKING.includesMax}
                  placeholder="Inspection, logbook entries, up to 2 hours of minor squawks"
                />
              </div>
              <div className="flex items-end">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => rows.remove(i)}
                  aria-label={`Remove rate ${i + 1}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {(errors.rates?.root?.message ?? errors.rates?.message) && (
        <p role="alert" className="text-sm text-destructive">
          {errors.rates?.root?.message ?? errors.rates?.message}
        </p>
      )}
      {write.error && !errors.rates && (
        <p role="alert" className="text-sm text-destructive">
          {write.error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => rows.append(rowOf())}
          disabled={rows.fields.length >= BOOKING.maxRates}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add a rate
        </Button>
        <Button type="submit" pending={write.pending}>
          Save rates
        </Button>
      </div>
    </form>
  );
}

const calendarOf = (a: Availability): AvailabilityFormValues => ({
  timeZone: a.timeZone,
  weekly: WEEKDAYS.map((d) => a.weekly.find((w) => w.day === d.value) ?? { day: d.value, start: '', end: '' }),
  timeOff: a.timeOff,
  maxConcurrentJobs: String(a.maxConcurrentJobs),
  freeCancelHours: String(a.freeCancelHours),
});

function AvailabilityForm({ initial, onSaved }: { initial: Availability; onSaved: (a: Availability) => void }) {
  const form = useContractForm<AvailabilityFormValues>(AvailabilityFormSchema, calendarOf(initial));
  const { control, register, handleSubmit, setValue, watch, placeErrors } = form;
  const errors = form.formState.errors;
  const timeOff = useFieldArray({ control, name: 'timeOff' });
  const write = useWrite(ROUTES.bookingAvailabilitySave, {
    fallback: 'Could not save your calendar. Please try again.',
    onSuccess: (saved) => {
      onSaved(saved);
      toast.success('Calendar saved');
    },
    onError: (_message, error) => placeErrors(error),
  });
  const timeZone = watch('timeZone');
  const weekly = watch('weekly');
  const zones = TIME_ZONES.some((z) => z.value === timeZone)
    ? TIME_ZONES
    : [...TIME_ZONES, { value: timeZone, label: timeZone }];
  const feed =
    initial.saved && typeof window !== 'undefined' ? `${window.location.origin}${initial.calendarUrl}` : null;
  const field = { prefix: 'availability', register, errors } as const;
  const save = handleSubmit(async (values) => {
    await write.run({ body: availabilityBody(values) });
  });
  // What no field owns: the week's or the list's own problem, or a refusal placed nowhere.
  const listProblem = errors.weekly?.message ?? errors.timeOff?.message ?? errors.timeOff?.root?.message;

  return (
    <form onSubmit={save} noValidate className="space-y-4" aria-labelledby="availability-heading">
      <h3 id="availability-heading" className="font-semibold">
        Your calendar
      </h3>
      {!initial.saved && (
        <p className="text-sm text-muted-foreground">
          Proposed from your profile. Check it and save it to open your calendar to bookings.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <SelectField {...field} id="availability-zone" name="timeZone" label="Time zone" options={zones} />
          {timeZone !== initial.baseTimeZone && (
            <p className="mt-1 text-sm text-muted-foreground" role="note">
              Your base airport keeps {zoneLabel(initial.baseTimeZone)} time; offers, bookings and your feed use the
              zone chosen here.{' '}
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                onClick={() => setValue('timeZone', initial.baseTimeZone)}
              >
                Use {zoneLabel(initial.baseTimeZone)} time
              </Button>
            </p>
          )}
        </div>
        <NumberField
          {...field}
          id="availability-max"
          name="maxConcurrentJobs"
          label="Jobs at once"
          min={1}
          max={BOOKING.maxConcurrentJobs}
          step={1}
        />
        <NumberField
          {...field}
          id="availability-cancel"
          name="freeCancelHours"
          label="Free cancellation until (hours before)"
          min={0}
          max={720}
          step={1}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Working hours</legend>
        {weekly.map((w, i) => {
          const label = WEEKDAYS.find((d) => d.value === w.day)!.label;
          const on = Boolean(w.start && w.end);
          const problem = errors.weekly?.[i]?.start?.message ?? errors.weekly?.[i]?.end?.message;
          const aria = fieldAria(`availability-day-${w.day}`, problem);
          return (
            <div key={w.day}>
              <div className="flex flex-wrap items-center gap-2">
                <div className="w-24">
                  <Checkbox
                    label={label}
                    checked={on}
                    onChange={(e) =>
                      setValue(`weekly.${i}`, { day: w.day, ...(e.target.checked ? WORKING_DAY : DAY_OFF) })
                    }
                  />
                </div>
                {on && (
                  <>
                    <Input
                      aria-label={`${label} start`}
                      type="time"
                      className="w-32"
                      {...aria}
                      {...register(`weekly.${i}.start`)}
                    />
                    <span aria-hidden="true">to</span>
                    <Input
                      aria-label={`${label} end`}
                      type="time"
                      className="w-32"
                      {...aria}
                      {...register(`weekly.${i}.end`)}
                    />
                  </>
                )}
              </div>
              <FieldError id={`availability-day-${w.day}-error`} message={problem} />
            </div>
          );
        })}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Time off</legend>
        {timeOff.fields.length === 0 && <p className="text-sm text-muted-foreground">None planned.</p>}
        {timeOff.fields.map((t, i) => {
          const problem = errors.timeOff?.[i]?.from?.message ?? errors.timeOff?.[i]?.to?.message;
          const aria = fieldAria(`availability-off-${t.id}`, problem);
          return (
            <div key={t.id}>
              <div className="flex flex-wrap items-center gap-2">
                <Input
                  aria-label={`Time off ${i + 1} from`}
                  type="date"
                  className="w-40"
                  {...aria}
                  {...register(`timeOff.${i}.from`)}
                />
                <span aria-hidden="true">to</span>
                <Input
                  aria-label={`Time off ${i + 1} to`}
                  type="date"
                  className="w-40"
                  {...aria}
                  {...register(`timeOff.${i}.to`)}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => timeOff.remove(i)}
                  aria-label={`Remove time off ${i + 1}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
              <FieldError id={`availability-off-${t.id}-error`} message={problem} />
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => timeOff.append({ from: '', to: '' })}
          disabled={timeOff.fields.length >= BOOKING.maxTimeOff}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add time off
        </Button>
      </fieldset>
      {(listProblem ?? (write.error && !Object.keys(errors).length ? write.error : null)) && (
        <p role="alert" className="text-sm text-destructive">
          {listProblem ?? write.error}
        </p>
      )}
      <Button type="submit" pending={write.pending}>
        Save calendar
      </Button>
      {feed && (
        <div className="space-y-1">
          <Label htmlFor="availability-feed">Your jobs in your phone’s calendar (keep this address private)</Label>
          <div className="flex gap-2">
            <Input id="availability-feed" readOnly value={feed} onFocus={(e) => e.target.select()} />
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                void navigator.clipboard?.writeText(feed).then(
                  () => toast.success('Calendar address copied'),
                  () => toast.error('Copy it from the field'),
                )
              }
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
