import { PAGING } from '../../contract/paging.ts';
import type { PaymentView } from '../../contract/payments.ts';
import { ROUTES } from '../../contract/routes/payments.ts';
import { ApiError, call } from '../../lib/api-client.ts';

/**
 * The appointment cards' payments in one call (docs/decisions/0204-payments-in-one-call.md): each
 * card asks for its own, and the asks made together (the cards of a list render in one pass) go
 * out as one `GET /api/appointments/payments?ids=...` (asks within GATHER_MS of the first), at
 * most 100 ids a call.
 */
type Waiter = { resolve: (view: PaymentView) => void; reject: (error: unknown) => void };
let waiting = new Map<string, Waiter[]>();
let scheduled = false;
/** How long asks are gathered: the cards of a page mount within a few milliseconds of each other. */
const GATHER_MS = 10;

export function paymentOf(appointmentId: string, signal?: AbortSignal): Promise<PaymentView> {
  return new Promise<PaymentView>((resolve, reject) => {
    waiting.set(appointmentId, [...(waiting.get(appointmentId) ?? []), { resolve, reject }]);
    signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, GATHER_MS);
    }
  });
}

function flush(): void {
  const batch = waiting;
  waiting = new Map();
  scheduled = false;
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += PAGING.maxLimit) {
    const chunk = ids.slice(i, i + PAGING.maxLimit);
    call(ROUTES.appointmentPayments, { query: { ids: chunk.join(',') } }).then(
      (views) => {
        for (const id of chunk) {
          const view = views[id];
          for (const w of batch.get(id) ?? []) {
            if (view) w.resolve(view);
            else w.reject(new ApiError(404, 'Appointment not found', 'Appointment not found'));
          }
        }
      },
      (error: unknown) => {
        for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(error);
      },
    );
  }
}
