import { MapPin, Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AOG, AOG_MAX_STEP, AOG_UNANSWERED, aogStatusLabel, type AogView } from '../../contract/aog.ts';
import { timeZoneOfLabel } from '../../contract/appointment-schedule.ts';
import { ROUTES } from '../../contract/routes/aog.ts';
import { call } from '../../lib/api-client.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { ageText, arrivalText, feeText } from './format.ts';
import { usePoll } from './use-poll.ts';
import PaymentPanel from '../payments/PaymentPanel.tsx';
import { goToCardPage } from '../payments/PaymentTerms.tsx';
import { ratingPhrase } from '../../contract/ratings.ts';

/** The timeline, oldest first, as the owner and the mechanic both read it. */
export function Timeline({ view }: { view: AogView }) {
  const zone = timeZoneOfLabel(view.airportLabel);
  return (
    <ol aria-label="Status timeline" className="space-y-2 border-l-2 border-border pl-4">
      {view.timeline.map((t, i) => (
        <li key={`${t.at}-${i}`} className="text-sm">
          <span className="font-semibold">{aogStatusLabel(t.status)}</span>{' '}
          <span className="text-muted-foreground">
            {new Date(t.at).toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' })}
          </span>
          {t.note && <p className="text-muted-foreground">{t.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/**
 * The owner's live call: offers as they arrive, soonest arrival first, with rating, distance and
 * call-out fee; accepting one dispatches that mechanic; then the status timeline follows without
 * a refresh (read every AOG.livePollMs while the page is visible).
 */
export default function AogLive({
  id,
  onClose,
  onChanged,
}: {
  id: string;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const live = usePoll(() => call(ROUTES.aogOne, { params: { id } }), AOG.livePollMs, id);
  // The offer being accepted, for its spinner; every button waits while a write is on its way.
  const [accepting, setAccepting] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const view = live.data;
  const zone = view ? timeZoneOfLabel(view.airportLabel) : 'America/Los_Angeles';

  const acceptWrite = useWrite(ROUTES.aogAccept, {
    fallback: 'Could not accept the offer. Please try again.',
    onSuccess: (appointment) => {
      toast.success('Mechanic dispatched');
      onChanged?.();
      // Paid through Skyward: the card is saved on Stripe's page, as when a quote is accepted.
      goToCardPage(appointment);
    },
    onError: setMessage,
  });
  const cancelWrite = useWrite(ROUTES.aogCancel, {
    fallback: 'Could not cancel. Please try again.',
    onSuccess: (cancelled) => {
      live.setData(cancelled);
      onChanged?.();
    },
    onError: setMessage,
  });
  const busy = acceptWrite.pending || cancelWrite.pending;

  const accept = async (offerId: string) => {
    setAccepting(offerId);
    setMessage(null);
    await acceptWrite.run({ params: { id, offerId } });
    setAccepting(null);
    // Taken or not, the offers and the status as they are now.
    await live.reload();
  };

  const cancel = async () => {
    await cancelWrite.run({ params: { id } });
    setConfirmCancel(false);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={view ? `${view.aircraft.tailNumber} on ground at ${view.airport}` : 'Aircraft on ground'}
      className="max-w-lg sm:max-w-xl"
    >
      {!view ? (
        live.error ? (
          <Alert>{refusalOf(live.error, 'Could not load this call.')}</Alert>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading...
          </p>
        )
      ) : (
        <div className="space-y-4">
          <p role="status" aria-live="polite" className="rounded-md bg-muted p-3 text-sm">
            <span className="font-semibold">{aogStatusLabel(view.status)}</span>
            {view.status === 'open' && (
              <>
                {' '}
                · {view.notified} {view.notified === 1 ? 'mechanic' : 'mechanics'} asked within {view.radiusMiles} mi ·{' '}
                {ageText(view.createdAt)} ago
              </>
            )}
            {view.mechanic && view.arriveBy && view.status !== 'fixed' && (
              <>
                {' '}
                · {view.mechanic.name} on site by {arrivalText(view.arriveBy, zone)}
              </>
            )}
          </p>
          {live.error !== null && <p className="text-xs text-muted-foreground">Reconnecting...</p>}
          {message && <Alert>{message}</Alert>}

          {view.status === 'open' && (
            <section aria-labelledby="aog-offers">
              <h3 id="aog-offers" className="mb-2 font-semibold">
                Offers, soonest arrival first
              </h3>
              <p className="mb-2 text-sm text-muted-foreground">
                Accepting asks for your card when the mechanic is paid through Skyward: the call-out and the repairs you
                approve are charged once the logbook entry is signed.
              </p>
              {view.offers.length === 0 && view.step >= AOG_MAX_STEP ? (
                <p className="text-sm">{AOG_UNANSWERED.message(view.aircraft.tailNumber, view.callbackPhone)}</p>
              ) : view.offers.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Waiting for the first answer. The search widens every {AOG.escalateEveryMinutes} minutes, and our team
                  sees your call.
                </p>
              ) : (
                <ul className="space-y-2" aria-label="Offers">
                  {view.offers.map((o) => (
                    <li key={o.id} className="rounded-md border border-border p-3">
                      <div className="flex items-start justify-between gap-2">
                        <div>
                          <p className="font-semibold">{o.mechanic.businessName ?? o.mechanic.name}</p>
                          <p className="text-lg font-bold">On site by {arrivalText(o.arriveBy, zone)}</p>
                          <p className="flex flex-wrap gap-3 text-sm text-muted-foreground">
                            <span className="inline-flex items-center gap-1">
                              <Star className="h-4 w-4" aria-hidden="true" />
                              {ratingPhrase(o)}
                            </span>
                            <span className="inline-flex items-center gap-1">
                              <MapPin className="h-4 w-4" aria-hidden="true" />
                              {o.distanceMiles} mi
                            </span>
                          </p>
                          {o.note && <p className="mt-1 text-sm">{o.note}</p>}
                        </div>
                        <p className="text-right text-sm">
                          <span className="block text-base font-semibold">{feeText(o.calloutFeeCents)}</span>
                          call-out
                        </p>
                      </div>
                      <Button
                        size="lg"
                        className="mt-2 w-full"
                        disabled={busy}
                        pending={acceptWrite.pending && accepting === o.id}
                        onClick={() => void accept(o.id)}
                        aria-label={`Accept ${o.mechanic.name}, on site by ${arrivalText(o.arriveBy, zone)}`}
                      >
                        Accept
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}

          <section aria-labelledby="aog-timeline">
            <h3 id="aog-timeline" className="mb-2 font-semibold">
              Timeline
            </h3>
            <Timeline view={view} />
          </section>

          {view.status !== 'open' && view.appointmentId && (
            <>
              <PaymentPanel
                appointmentId={view.appointmentId}
                role="owner"
                cancelled={view.status === 'cancelled'}
                timeZone={timeZoneOfLabel(view.airportLabel)}
              />
              <p className="text-sm text-muted-foreground">
                The job continues in Appointments: change orders, completion and the signed record.
              </p>
            </>
          )}
          {view.status === 'open' && (
            <Button variant="outline" className="w-full" disabled={busy} onClick={() => setConfirmCancel(true)}>
              Cancel this call
            </Button>
          )}
          <ConfirmDialog
            open={confirmCancel}
            onOpenChange={setConfirmCancel}
            title="Cancel this call?"
            description="The mechanics who offered are told you no longer need them."
            confirmLabel="Cancel the call"
            cancelLabel="Keep looking"
            destructive
            busy={cancelWrite.pending}
            onConfirm={() => void cancel()}
          />
        </div>
      )}
    </Dialog>
  );
}
