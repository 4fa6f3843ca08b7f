import { CalendarClock, Star } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { labelOf } from '../../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { formatCurrency, formatDateTimeAt } from '../../../lib/format.ts';
import { Details } from '../../../components/ui/details.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Stars } from '../../../components/ui/star-rating.tsx';
import { StatusBadge } from '../../marketplace/ui/StatusBadge.tsx';
import { preloadable } from '../../../lib/preloadable.ts';
import { cardWhen } from '../../marketplace/schedule/card-when.ts';
import { JobLines } from '../../bid-lines/JobLines.tsx';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { refresh } from '../../../lib/follow.ts';
import { JobFigure } from '../../marketplace/ui/JobFigure.tsx';
import { formatHours } from '../../../contract/job-figures.ts';
import { AppointmentSchedule } from '../../marketplace/schedule/AppointmentSchedule.tsx';
import { AppointmentParties } from '../../marketplace/schedule/AppointmentParties.tsx';
import { ThreadButton } from '../../conversations/ThreadButton.tsx';
import { CancellationNote } from '../../marketplace/ui/CancellationNote.tsx';

const RateDialog = lazy(() => import('../../marketplace/appointments/RateDialog.tsx'));
// What an appointment card shows is fetched with this module: the tab, preloaded when the
// dashboard is idle, then opens without React's 300 ms Suspense pause per piece.
const OwnerRecordLine = preloadable(() => import('../../records/OwnerRecordLine.tsx'));
void OwnerRecordLine.preload().catch(() => undefined); // retried by the lazy render if it failed
const PaymentPanel = preloadable(() => import('../../payments/PaymentPanel.tsx'));
void PaymentPanel.preload().catch(() => undefined); // retried by the lazy render if it failed
const BookingActions = preloadable(() => import('../../booking/BookingActions.tsx'));
void BookingActions.preload().catch(() => undefined); // retried by the lazy render if it failed

/** The pilot's appointments, upcoming first; completed ones can be rated once. */
export default function AppointmentsTab({
  appointments,
  onAppointment,
  onChanged,
}: {
  appointments: Appointment[];
  /** A write's answer: the appointment as the server now has it (shown at once). */
  onAppointment: (a: Appointment) => void;
  onChanged: () => void;
}) {
  const [rating, setRating] = useState<Appointment | null>(null);
  const order = (a: Appointment) => (a.status === 'completed' || a.status === 'cancelled' ? 1 : 0);
  const key = (a: Appointment) => `${a.scheduledDate} ${a.scheduledTime}`;
  // Upcoming soonest first, then past ones most recent first.
  const sorted = [...appointments].sort(
    (a, b) => order(a) - order(b) || (order(a) === 0 ? key(a).localeCompare(key(b)) : key(b).localeCompare(key(a))),
  );
  return (
    <section aria-labelledby="appointments-heading" className="space-y-4">
      <h2 id="appointments-heading" className="text-xl font-semibold">
        Appointments
      </h2>
      {sorted.length === 0 ? (
        <EmptyState
          Icon={CalendarClock}
          title="No appointments yet"
          hint="When you accept a quote, the mechanic's appointment appears here."
        />
      ) : (
        <ul className="space-y-4">
          {sorted.map((a) => (
            <li key={a.id} id={`item-${a.id}`} className="scroll-mt-4">
              <Card className="p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 className="text-lg font-semibold">
                      {labelOf(MARKETPLACE_SERVICE_TYPES, a.serviceType)} · {a.aircraftTailNumber}
                    </h3>
                    <p className="text-sm text-muted-foreground">
                      {cardWhen(a)} · {a.serviceLocation}
                    </p>
                  </div>
                  <StatusBadge status={a.status} />
                </div>
                <div className="mt-2">
                  <ThreadButton serviceRequestId={a.serviceRequestId} mechanicId={a.mechanicId} name={a.mechanicName} />
                </div>
                <div className="mt-3">
                  <Details
                    items={[
                      ['Mechanic', a.mechanicName],
                      ['Aircraft', `${a.aircraftMake} ${a.aircraftModel}`],
                      ['Estimated duration', formatHours(a.estimatedDuration)],
                      a.figures
                        ? ['Price', <JobFigure key="f" figures={a.figures} />]
                        : ['Total', formatCurrency(a.totalCost)],
                      ['Warranty', `${a.warrantyPeriod} days`],
                      a.actualStartTime ? ['Work started', formatDateTimeAt(a.actualStartTime, a.timeZone)] : null,
                      a.completedAt ? ['Completed', formatDateTimeAt(a.completedAt, a.timeZone)] : null,
                    ]}
                  />
                </div>
                {a.mechanicNotes && (
                  <p className="mt-2 text-sm">
                    <span className="text-muted-foreground">Mechanic notes:</span> {a.mechanicNotes}
                  </p>
                )}
                <CancellationNote appointment={a} />
                <AppointmentSchedule appointment={a} role="owner" onAppointment={onAppointment} onStale={onChanged} />
                {a.booking && (
                  <Suspense fallback={null}>
                    <BookingActions
                      appointment={a}
                      onAppointment={(next) => {
                        onAppointment(next);
                        onChanged();
                      }}
                    />
                  </Suspense>
                )}
                <AppointmentParties appointment={a} role="owner" onAppointment={onAppointment} />
                {a.status !== 'cancelled' && (
                  <JobLines
                    appointment={a}
                    role="owner"
                    onChanged={() => {
                      refresh(ROUTES.appointmentsOwn);
                      onChanged();
                    }}
                  />
                )}
                <Suspense fallback={null}>
                  <PaymentPanel
                    appointmentId={a.id}
                    role="owner"
                    cancelled={a.status === 'cancelled'}
                    timeZone={a.timeZone}
                  />
                </Suspense>
                {a.status === 'completed' && (
                  <Suspense fallback={null}>
                    <OwnerRecordLine appointmentId={a.id} />
                  </Suspense>
                )}
                {a.status === 'completed' && (
                  <div className="mt-3 flex flex-wrap items-center gap-3">
                    {a.rating !== null ? (
                      <p className="flex items-center gap-2 text-sm">
                        Your rating: <Stars value={a.rating} />
                      </p>
                    ) : (
                      <Button onClick={() => setRating(a)}>
                        <Star className="h-4 w-4" aria-hidden="true" />
                        Rate
                      </Button>
                    )}
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {rating && (
        <Suspense fallback={null}>
          <RateDialog
            appointment={rating}
            onClose={() => setRating(null)}
            onRated={(a) => {
              onAppointment(a);
              onChanged();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
