import { CalendarClock, Copy, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Checkbox, Input, Label, NativeSelect } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  AIRCRAFT_CLASSES,
  BOOKING,
  HOW_SQUAWKS_ARE_BILLED,
  type Availability,
  type Rate,
} from '../../contract/booking.ts';
import { MARKETPLACE_SERVICE_TYPES, WEEKDAYS } from '../../contract/marketplace.ts';
import { ROUTES } from '../../contract/routes/booking.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';

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

interface RateRow {
  key: number;
  serviceType: string;
  aircraftClass: string;
  price: string;
  days: string;
  includes: string;
}

let nextKey = 1;
const rowOf = (r?: Rate): RateRow => ({
  key: nextKey++,
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
  const [rows, setRows] = useState<RateRow[]>(() => initial.map(rowOf));
  // A price that is not one (said before sending), else the server's refusal.
  const [invalid, setInvalid] = useState<string | null>(null);
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
  });
  const busy = write.pending;
  const error = invalid ?? write.error;
  useEffect(() => setRows(initial.map(rowOf)), [initial]);
  const update = (key: number, patch: Partial<RateRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setInvalid(null);
    write.clearError();
    const body = rows.map((r) => ({
      serviceType: r.serviceType,
      aircraftClass: r.aircraftClass,
      // Dollars typed, whole cents sent: 1,850.5 is 185050 cents.
      priceCents: Math.round(Number(r.price.replace(/[$,\s]/g, '')) * 100),
      days: Number(r.days),
      includes: r.includes,
    }));
    if (body.some((b) => !Number.isFinite(b.priceCents) || b.priceCents <= 0)) {
      setInvalid('Each rate needs a price in dollars');
      return;
    }
    await write.run({ body: body as never });
  };

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
      {rows.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No flat rates yet. Add the work you are willing to price in advance.
        </p>
      )}
      <ul className="space-y-3">
        {rows.map((r, i) => (
          <li key={r.key} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-2 lg:grid-cols-6">
            <div className="lg:col-span-2">
              <Label htmlFor={`rate-service-${r.key}`}>Service</Label>
              <NativeSelect
                id={`rate-service-${r.key}`}
                options={MARKETPLACE_SERVICE_TYPES}
                value={r.serviceType}
                onChange={(e) => update(r.key, { serviceType: e.target.value })}
              />
            </div>
            <div className="lg:col-span-2">
              <Label htmlFor={`rate-class-${r.key}`}>Aircraft class</Label>
              <NativeSelect
                id={`rate-class-${r.key}`}
                options={AIRCRAFT_CLASSES}
                value={r.aircraftClass}
                onChange={(e) => update(r.key, { aircraftClass: e.target.value })}
              />
            </div>
            <div>
              <Label htmlFor={`rate-price-${r.key}`}>Price ($)</Label>
              <Input
                id={`rate-price-${r.key}`}
                inputMode="decimal"
                value={r.price}
                onChange={(e) => update(r.key, { price: e.target.value })}
                placeholder="1850"
              />
            </div>
            <div>
              <Label htmlFor={`rate-days-${r.key}`}>Days on site</Label>
              <Input
                id={`rate-days-${r.key}`}
                type="number"
                min={1}
                max={BOOKING.maxDays}
                step={1}
                value={r.days}
                onChange={(e) => update(r.key, { days: e.target.value })}
              />
            </div>
            <div className="sm:col-span-2 lg:col-span-5">
              <Label htmlFor={`rate-includes-${r.key}`}>What the price includes</Label>
              <Input
                id={`rate-includes-${r.key}`}
                maxLength={BOOKING.includesMax}
                value={r.includes}
                onChange={(e) => update(r.key, { includes: e.target.value })}
                placeholder="Inspection, logbook entries, up to 2 hours of minor squawks"
              />
            </div>
            <div className="flex items-end">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                aria-label={`Remove rate ${i + 1}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => setRows((all) => [...all, rowOf()])}
          disabled={rows.length >= BOOKING.maxRates}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add a rate
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          Save rates
        </Button>
      </div>
    </form>
  );
}

function AvailabilityForm({ initial, onSaved }: { initial: Availability; onSaved: (a: Availability) => void }) {
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [weekly, setWeekly] = useState(() =>
    WEEKDAYS.map((d) => initial.weekly.find((w) => w.day === d.value) ?? { day: d.value, start: '', end: '' }),
  );
  const [timeOff, setTimeOff] = useState(initial.timeOff);
  const [maxJobs, setMaxJobs] = useState(String(initial.maxConcurrentJobs));
  const [freeCancel, setFreeCancel] = useState(String(initial.freeCancelHours));
  const write = useWrite(ROUTES.bookingAvailabilitySave, {
    fallback: 'Could not save your calendar. Please try again.',
    onSuccess: (saved) => {
      onSaved(saved);
      toast.success('Calendar saved');
    },
  });
  const busy = write.pending;
  const error = write.error;
  const zones = TIME_ZONES.some((z) => z.value === timeZone)
    ? TIME_ZONES
    : [...TIME_ZONES, { value: timeZone, label: timeZone }];
  const feed =
    initial.saved && typeof window !== 'undefined' ? `${window.location.origin}${initial.calendarUrl}` : null;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    await write.run({
      body: {
        timeZone,
        weekly: weekly.filter((w) => w.start && w.end),
        timeOff,
        maxConcurrentJobs: Number(maxJobs),
        freeCancelHours: Number(freeCancel),
      },
    });
  };

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
          <Label htmlFor="availability-zone">Time zone</Label>
          <NativeSelect
            id="availability-zone"
            options={zones}
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
          />
          {timeZone !== initial.baseTimeZone && (
            <p className="mt-1 text-sm text-muted-foreground" role="note">
              Your base airport keeps {zoneLabel(initial.baseTimeZone)} time; offers, bookings and your feed use the
              zone chosen here.{' '}
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                onClick={() => setTimeZone(initial.baseTimeZone)}
              >
                Use {zoneLabel(initial.baseTimeZone)} time
              </Button>
            </p>
          )}
        </div>
        <div>
          <Label htmlFor="availability-max">Jobs at once</Label>
          <Input
            id="availability-max"
            type="number"
            min={1}
            max={BOOKING.maxConcurrentJobs}
            step={1}
            value={maxJobs}
            onChange={(e) => setMaxJobs(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="availability-cancel">Free cancellation until (hours before)</Label>
          <Input
            id="availability-cancel"
            type="number"
            min={0}
            max={720}
            step={1}
            value={freeCancel}
            onChange={(e) => setFreeCancel(e.target.value)}
          />
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Working hours</legend>
        {weekly.map((w) => {
          const label = WEEKDAYS.find((d) => d.value === w.day)!.label;
          const on = Boolean(w.start && w.end);
          const set = (patch: Partial<typeof w>) =>
            setWeekly((all) => all.map((x) => (x.day === w.day ? { ...x, ...patch } : x)));
          return (
            <div key={w.day} className="flex flex-wrap items-center gap-2">
              <div className="w-24">
                <Checkbox
                  label={label}
                  checked={on}
                  onChange={(e) => set(e.target.checked ? { start: '08:00', end: '17:00' } : { start: '', end: '' })}
                />
              </div>
              {on && (
                <>
                  <Input
                    aria-label={`${label} start`}
                    type="time"
                    className="w-32"
                    value={w.start}
                    onChange={(e) => set({ start: e.target.value })}
                  />
                  <span aria-hidden="true">to</span>
                  <Input
                    aria-label={`${label} end`}
                    type="time"
                    className="w-32"
                    value={w.end}
                    onChange={(e) => set({ end: e.target.value })}
                  />
                </>
              )}
            </div>
          );
        })}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Time off</legend>
        {timeOff.length === 0 && <p className="text-sm text-muted-foreground">None planned.</p>}
        {timeOff.map((t, i) => (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <Input
              aria-label={`Time off ${i + 1} from`}
              type="date"
              className="w-40"
              value={t.from}
              onChange={(e) => setTimeOff((all) => all.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)))}
            />
            <span aria-hidden="true">to</span>
            <Input
              aria-label={`Time off ${i + 1} to`}
              type="date"
              className="w-40"
              value={t.to}
              onChange={(e) => setTimeOff((all) => all.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)))}
            />
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setTimeOff((all) => all.filter((_, j) => j !== i))}
              aria-label={`Remove time off ${i + 1}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setTimeOff((all) => [...all, { from: '', to: '' }])}
          disabled={timeOff.length >= BOOKING.maxTimeOff}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add time off
        </Button>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />}
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
