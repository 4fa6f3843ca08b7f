import { CalendarCheck, MapPin, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Label, NativeSelect } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { BookingHold, BookingOffer } from '../../contract/booking.ts';
import { MARKETPLACE_SERVICE_TYPES, type MarketplaceServiceType } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import { ROUTES } from '../../contract/routes.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { invalidate, keyOf, useRoute } from '../../lib/use-query.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const price = (cents: number) => usd.format(cents / 100);
const refusal = (err: unknown, fallback: string) => (err instanceof ApiError && err.detail && err.status < 500 ? err.detail : fallback);
const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

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
export default function BookDialog({ aircraft, onClose }: { aircraft: { id: string; tailNumber: string }; onClose: () => void }) {
  const [serviceType, setServiceType] = useState<MarketplaceServiceType>('annual_inspection');
  const offers = useRoute(ROUTES.bookingOffers, { query: { aircraftId: aircraft.id, serviceType } });
  const [hold, setHold] = useState<{ hold: BookingHold; offer: BookingOffer } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const left = useCountdown(hold?.hold.expiresAt ?? null);
  const expired = left === '0:00';

  const pick = async (offer: BookingOffer, start: string) => {
    setBusy(`${offer.mechanicId}/${start}`);
    setMessage(null);
    try {
      const placed = await call(ROUTES.bookingHold, { body: { mechanicId: offer.mechanicId, aircraftId: aircraft.id, serviceType, start } });
      setHold({ hold: placed, offer });
    } catch (err) {
      setMessage(refusal(err, 'Could not hold that day. Please try again.'));
      void offers.reload();
    } finally {
      setBusy(null);
    }
  };

  const letGo = async () => {
    if (!hold) return;
    const id = hold.hold.id;
    setHold(null);
    void offers.reload();
    await call(ROUTES.bookingHoldRelease, { params: { id } }).catch(() => undefined);
  };

  const confirm = async () => {
    if (!hold) return;
    setBusy('confirm');
    setMessage(null);
    try {
      const appointment = await call(ROUTES.bookingHoldConfirm, { params: { id: hold.hold.id } });
      toast.success(`Booked: ${hold.offer.name} starts on ${formatDay(appointment.scheduledDate)}`);
      invalidate(keyOf(ROUTES.appointmentsOwn));
      invalidate(keyOf(ROUTES.requestsOwn));
      onClose();
    } catch (err) {
      setMessage(refusal(err, 'Could not confirm the booking. Please try again.'));
      if (err instanceof ApiError && (err.status === 410 || err.status === 404)) {
        setHold(null);
        void offers.reload();
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && (hold ? void letGo().then(onClose) : onClose())} title={`Book a mechanic for ${aircraft.tailNumber}`} description="Flat-rate work on a mechanic’s open days, without waiting for quotes." className="max-w-2xl">
      {hold ? (
        <div className="space-y-4">
          <div className="rounded-md border border-border p-4">
            <p className="font-semibold">{hold.offer.businessName ?? hold.offer.name}</p>
            <p className="text-sm">
              {labelOf(MARKETPLACE_SERVICE_TYPES, hold.hold.serviceType)} · {price(hold.hold.priceCents)} flat
            </p>
            <p className="text-sm">
              On site {hold.hold.days.map(shortDay).join(', ')} ({hold.hold.timeZone.replace('America/', '').replace('_', ' ')} time)
            </p>
            {hold.offer.includes && <p className="mt-2 text-sm text-muted-foreground">Includes: {hold.offer.includes}</p>}
            <p className="mt-2 text-sm text-muted-foreground">{hold.offer.squawks}</p>
            <p className="mt-2 text-sm text-muted-foreground">
              {hold.hold.freeCancelHours > 0 ? `Free to cancel or reschedule until ${hold.hold.freeCancelHours} hours before the start.` : 'Cancelling is not free once confirmed.'}
            </p>
          </div>
          <p role="status" aria-live="polite" className="text-sm font-medium">
            {expired ? 'Your hold expired: these days are free for others again.' : `These days are held for you for ${left ?? '10:00'}.`}
          </p>
          {message && <Alert>{message}</Alert>}
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
          <div>
            <Label htmlFor="book-service">Service</Label>
            <NativeSelect id="book-service" options={MARKETPLACE_SERVICE_TYPES} value={serviceType} onChange={(e) => setServiceType(e.target.value as MarketplaceServiceType)} />
          </div>
          {message && <Alert>{message}</Alert>}
          {offers.state.status === 'error' ? (
            <Alert>{refusal(offers.state.error, 'Could not load the mechanics who can be booked. Please try again.')}</Alert>
          ) : !offers.data ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Finding mechanics who serve {aircraft.tailNumber}...
            </p>
          ) : offers.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No mechanic near this aircraft’s home airport books this service at a flat rate yet. Request service to get quotes instead.</p>
          ) : (
            <ul className="space-y-3" aria-label="Mechanics you can book">
              {offers.data.map((offer) => (
                <li key={offer.mechanicId} className="rounded-md border border-border p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold">{offer.businessName ?? offer.name}</p>
                      <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
                        <span className="inline-flex items-center gap-1">
                          <Star className="h-4 w-4" aria-hidden="true" />
                          {offer.rating === null ? 'New · no ratings yet' : `${offer.rating.toFixed(1)} (${offer.completedJobs} jobs)`}
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
                  <p className="mt-3 text-sm font-medium">{offer.openStarts.length === 0 ? 'No open start in the next 90 days' : 'Pick a start day'}</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {offer.openStarts.map((start) => (
                      <Button key={start} variant="outline" size="sm" disabled={busy !== null} onClick={() => void pick(offer, start)} aria-label={`Start on ${formatDay(start)} with ${offer.name}`}>
                        {busy === `${offer.mechanicId}/${start}` && <Spinner />}
                        {shortDay(start)}
                      </Button>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
