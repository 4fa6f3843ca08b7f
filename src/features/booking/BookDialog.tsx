import { CalendarCheck, MapPin, Star } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Label, NativeSelect } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BOOKED_ITEM_KINDS, windowText, type BookingHold, type BookingOffer } from '../../contract/booking.ts';
import type { MaintenanceItem } from '../../contract/maintenance.ts';
import { PAYMENT_TEXT } from '../../contract/payments.ts';
import { goToCardPage } from '../payments/PaymentTerms.tsx';
import { MARKETPLACE_SERVICE_TYPES, type MarketplaceServiceType } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import { ROUTES } from '../../contract/routes/booking.ts';
import { ROUTES as MARKETPLACE_ROUTES } from '../../contract/routes/marketplace.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useWrite } from '../../lib/use-write.ts';
import { $nextCursors, listPathOf } from '../../lib/next-cursor.ts';
import { ratingPhrase } from '../../contract/ratings.ts';

const OFFERS_PATH = listPathOf(ROUTES.bookingOffers.path);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const price = (cents: number) => usd.format(cents / 100);
const refusal = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.detail && err.status < 500 ? err.detail : fallback;
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Minutes and seconds left on a hold, ticking. */
function useCountdown(until: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Math.max(0, Date.parse(until) - now);
  return `${Math.floor(left / 60_000)}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`;
}

/**
 * Book flat-rate work for one aircraft: the mechanics who serve its home airport with a price for
 * its class (price, rating, distance, first open days); picking a day holds it for ten minutes,
 * confirming makes the appointment. Days taken meanwhile are said, and the offers read again.
 */
export default function BookDialog({
  aircraft: first,
  choices,
  onClose,
  dueItems = [],
  selected = new Set<string>(),
}: {
  aircraft: { id: string; tailNumber: string };
  /** Opened from Service Requests rather than one aircraft's due list: the owner picks the aircraft here. */
  choices?: ReadonlyArray<{ id: string; tailNumber: string }>;
  onClose: () => void;
  /** The aircraft's due items, and those ticked on its due list: the booking is for the ones the flat rate does. */
  dueItems?: readonly MaintenanceItem[];
  selected?: ReadonlySet<string>;
}) {
  const [aircraft, setAircraft] = useState(first);
  const [serviceType, setServiceType] = useState<MarketplaceServiceType>('annual_inspection');
  const kinds = BOOKED_ITEM_KINDS[serviceType];
  const ticked = dueItems.filter((i) => selected.has(i.id));
  const pickedForService = ticked.filter((i) => kinds.includes(i.kind));
  // Ticked items the flat rate does go with the booking; none ticked, the item the service is for.
  const bookedItems = pickedForService.length > 0 ? pickedForService : dueItems.filter((i) => kinds.includes(i.kind));
  const leftOut = ticked.filter((i) => !kinds.includes(i.kind));
  const offers = useRoute(ROUTES.bookingOffers, { query: { aircraftId: aircraft.id, serviceType } });
  const [hold, setHold] = useState<{ hold: BookingHold; offer: BookingOffer } | null>(null);
  // Offers come a page at a time, soonest first; "Show more mechanics" reads the next page.
  const cursor = useStore($nextCursors, { keys: [OFFERS_PATH] })[OFFERS_PATH] ?? null;
  const [more, setMore] = useState<BookingOffer[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => setMore([]), [offers.data]);
  const shown = offers.data
    ? [...offers.data, ...more.filter((m) => !offers.data!.some((o) => o.mechanicId === m.mechanicId))]
    : null;
  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const rows = await call(ROUTES.bookingOffers, { query: { aircraftId: aircraft.id, serviceType, cursor } });
      setMore((current) => [...current, ...rows]);
    } catch (err) {
      setMessage(refusal(err, 'Could not load more mechanics. Please try again.'));
    } finally {
      setLoadingMore(false);
    }
  };
  // Which button is on its way (`mechanic/start`, or 'confirm'), for its spinner.
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const left = useCountdown(hold?.hold.expiresAt ?? null);
  const expired = left === '0:00';
  const place = useWrite(ROUTES.bookingHold, {
    fallback: 'Could not hold that day. Please try again.',
    // Taken meanwhile: the refusal names the next open starts, and the offers are read again.
    onError: () => void offers.reload(),
  });
  // Letting go is a courtesy to other owners: a hold not let go expires in ten minutes anyway.
  const release = useWrite(ROUTES.bookingHoldRelease, { fallback: 'Could not let go of the hold' });
  const confirmation = useWrite(ROUTES.bookingHoldConfirm, {
    fallback: 'Could not confirm the booking. Please try again.',
    after: [MARKETPLACE_ROUTES.appointmentsOwn, MARKETPLACE_ROUTES.requestsOwn],
    onSuccess: (appointment) => {
      toast.success(`Booked: ${hold?.offer.name ?? 'your mechanic'} starts on ${formatDay(appointment.scheduledDate)}`);
      onClose();
      // Paid through Skyward: the card is saved on Stripe's page, as when a quote is accepted.
      goToCardPage(appointment);
    },
    onError: (_message, err) => {
      // Expired or gone: back to the offers, read again, with the reason kept above them.
      if (err instanceof ApiError && (err.status === 410 || err.status === 404)) {
        setHold(null);
        void offers.reload();
      }
    },
  });
  const refusalShown = message ?? place.error ?? confirmation.error;

  const pick = async (offer: BookingOffer, start: string) => {
    setBusy(`${offer.mechanicId}/${start}`);
    setMessage(null);
    confirmation.clearError();
    const itemIds = pickedForService.length > 0 ? pickedForService.map((i) => i.id) : undefined;
    const placed = await place.run({
      body: {
        mechanicId: offer.mechanicId,
        aircraftId: aircraft.id,
        serviceType,
        start,
        ...(itemIds ? { itemIds } : {}),
      },
    });
    setBusy(null);
    if (placed.ok) setHold({ hold: placed.data, offer });
  };

  const letGo = async () => {
    if (!hold) return;
    const id = hold.hold.id;
    setHold(null);
    void offers.reload();
    await release.run({ params: { id } });
  };

  const confirm = async () => {
    if (!hold) return;
    setBusy('confirm');
    setMessage(null);
    await confirmation.run({ params: { id: hold.hold.id } });
    setBusy(null);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && (hold ? void letGo().then(onClose) : onClose())}
      title={`Book a mechanic for ${aircraft.tailNumber}`}
      description="Flat-rate work on a mechanic’s open days, without waiting for quotes."
      className="max-w-2xl"
    >
      {hold ? (
        <div className="space-y-4">
          <div className="rounded-md border border-border p-4">
            <p className="font-semibold">{hold.offer.businessName ?? hold.offer.name}</p>
            <p className="text-sm">
              {labelOf(MARKETPLACE_SERVICE_TYPES, hold.hold.serviceType)} · {price(hold.hold.priceCents)} flat
            </p>
            <p className="text-sm">On site {hold.hold.days.map(shortDay).join(', ')}</p>
            <p className="text-sm">Starts {hold.hold.startsAtAirport}</p>
            {hold.offer.includes && (
              <p className="mt-2 text-sm text-muted-foreground">Includes: {hold.offer.includes}</p>
            )}
            <p className="mt-2 text-sm text-muted-foreground">{hold.offer.squawks}</p>
            <p className="mt-2 text-sm text-muted-foreground">{windowText(hold.hold.freeCancelHours)}</p>
            {bookedItems.length > 0 && (
              <p className="mt-2 text-sm">
                Completes on the due list once the work is signed: {bookedItems.map((i) => i.title).join(', ')}.
              </p>
            )}
            <p className="mt-2 text-sm text-muted-foreground">
              {hold.offer.payable
                ? 'Paid through Skyward: confirming opens a secure Stripe page to save your card, or offers the card you already saved with Stripe. The flat price is charged when the job is completed and its logbook entry signed.'
                : PAYMENT_TEXT.notAvailable}
            </p>
          </div>
          <p role="status" aria-live="polite" className="text-sm font-medium">
            {expired
              ? 'Your hold expired: these days are free for others again.'
              : `These days are held for you for ${left ?? '10:00'}.`}
          </p>
          {refusalShown && <Alert>{refusalShown}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => void letGo()} disabled={busy !== null}>
              Choose another day
            </Button>
            <Button onClick={() => void confirm()} disabled={busy !== null || expired}>
              {busy === 'confirm' ? <Spinner /> : <CalendarCheck className="h-4 w-4" aria-hidden="true" />}
              Confirm booking
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          {choices && choices.length > 1 && (
            <div>
              <Label htmlFor="book-aircraft">Aircraft</Label>
              <NativeSelect
                id="book-aircraft"
                options={choices.map((c) => ({ value: c.id, label: c.tailNumber }))}
                value={aircraft.id}
                onChange={(e) => {
                  const next = choices.find((c) => c.id === e.target.value);
                  if (next) setAircraft(next);
                  setMessage(null);
                  place.clearError();
                }}
              />
            </div>
          )}
          <div>
            <Label htmlFor="book-service">Service</Label>
            <NativeSelect
              id="book-service"
              options={MARKETPLACE_SERVICE_TYPES}
              value={serviceType}
              onChange={(e) => setServiceType(e.target.value as MarketplaceServiceType)}
            />
          </div>
          {leftOut.length > 0 && (
            <p className="text-sm text-muted-foreground">
              Not part of a flat-rate {labelOf(MARKETPLACE_SERVICE_TYPES, serviceType)}:{' '}
              {leftOut.map((i) => i.title).join(', ')}. Request service for {leftOut.length === 1 ? 'it' : 'them'} to
              get quotes.
            </p>
          )}
          {refusalShown && <Alert>{refusalShown}</Alert>}
          {offers.state.status === 'error' ? (
            <Alert>
              {refusal(offers.state.error, 'Could not load the mechanics who can be booked. Please try again.')}
            </Alert>
          ) : !shown ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Finding mechanics who serve {aircraft.tailNumber}...
            </p>
          ) : shown.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No mechanic near this aircraft’s home airport books this service at a flat rate yet. Request service to
              get quotes instead.
            </p>
          ) : (
            <ul className="space-y-3" aria-label="Mechanics you can book">
              {shown.map((offer) => (
                <li key={offer.mechanicId} className="rounded-md border border-border p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold">{offer.businessName ?? offer.name}</p>
                      <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
                        <span className="inline-flex items-center gap-1">
                          <Star className="h-4 w-4" aria-hidden="true" />
                          {ratingPhrase(offer)}
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <MapPin className="h-4 w-4" aria-hidden="true" />
                          {offer.distanceMiles} mi
                        </span>
                      </p>
                    </div>
                    <p className="text-right">
                      <span className="text-lg font-semibold">{price(offer.priceCents)}</span>
                      <span className="block text-xs text-muted-foreground">
                        flat · {offer.days} {offer.days === 1 ? 'day' : 'days'} on site
                      </span>
                    </p>
                  </div>
                  {offer.includes && <p className="mt-2 text-sm">Includes: {offer.includes}</p>}
                  <p className="mt-3 text-sm font-medium">
                    {offer.openStarts.length === 0 ? 'No open start in the next 90 days' : 'Pick a start day'}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {offer.openStarts.map((start) => (
                      <Button
                        key={start}
                        variant="outline"
                        size="sm"
                        disabled={busy !== null}
                        onClick={() => void pick(offer, start)}
                        aria-label={`Start on ${formatDay(start)} with ${offer.name}`}
                      >
                        {busy === `${offer.mechanicId}/${start}` && <Spinner />}
                        {shortDay(start)}
                      </Button>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {shown && shown.length > 0 && cursor && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
                {loadingMore && <Spinner />}
                Show more mechanics
              </Button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
