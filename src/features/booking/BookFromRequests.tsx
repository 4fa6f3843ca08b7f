import { CalendarCheck } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ROUTES } from '../../contract/routes/marketplace.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { useRoute } from '../../lib/use-query.ts';

const BookDialog = lazy(() => import('./BookDialog.tsx'));

/** Shown while the owner's aircraft or the booking dialog load, and when there is no aircraft to book for. */
function Waiting({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Book a mechanic">
      {children}
    </Dialog>
  );
}

function Picker({ onClose }: { onClose: () => void }) {
  const aircraft = useRoute(ROUTES.aircraftList, { query: { limit: '100' } });
  const loading = (
    <Waiting onClose={onClose}>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading your aircraft...
      </p>
    </Waiting>
  );
  if (aircraft.state.status === 'error')
    return (
      <Waiting onClose={onClose}>
        <Alert>{refusalOf(aircraft.state.error, 'Could not load your aircraft. Please try again.')}</Alert>
      </Waiting>
    );
  if (!aircraft.data) return loading;
  const [first] = aircraft.data;
  if (!first)
    return (
      <Waiting onClose={onClose}>
        <p className="text-sm text-muted-foreground">
          Add your aircraft in My Aircraft first: flat rates are priced by its class and offered near its home airport.
        </p>
      </Waiting>
    );
  return (
    <Suspense fallback={loading}>
      <BookDialog aircraft={first} choices={aircraft.data} onClose={onClose} />
    </Suspense>
  );
}

/**
 * Booking from the Service Requests section: the same booking as from a due list, for
 * the aircraft the owner picks in it. The owner's aircraft are read only once it opens.
 */
export function BookFromRequests() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarCheck className="h-4 w-4" aria-hidden="true" />
        Book a mechanic
      </Button>
      {open && <Picker onClose={() => setOpen(false)} />}
    </>
  );
}
