/**
 * The 24-hour clock as a person reads it: "5 h 20 min left", "Overdue by 2 h 5 min", or null
 * once the request has been answered (no respond-by).
 */
export function timeLeft(
  respondBy: string | null,
  now: number = Date.now(),
): { text: string; overdue: boolean } | null {
  if (respondBy === null) return null;
  const ms = Date.parse(respondBy) - now;
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const span = days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${mins} min` : `${mins} min`;
  return ms >= 0 ? { text: `${span} left`, overdue: false } : { text: `Overdue by ${span}`, overdue: true };
}
