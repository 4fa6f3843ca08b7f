import type { ServiceRequest } from '../../../contract/service-requests.ts';
import { ACTIVE_REQUEST_STATUSES } from '../../../contract/machines.ts';

/** Spec: active requests are pending, matched or quoted. */
export function activeRequests(requests: readonly ServiceRequest[]): ServiceRequest[] {
  return requests.filter((r) => ACTIVE_REQUEST_STATUSES.includes(r.status));
}

/** Quotes cheapest first, so the comparison reads top-down. */
export function quotesByPrice(request: ServiceRequest) {
  return [...request.quotes].sort(
    (a, b) => a.totalCost - b.totalCost || a.availableStartDate.localeCompare(b.availableStartDate),
  );
}

/** '09:00' -> '9:00 AM'. */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  return new Date(2000, 0, 1, h, m).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
