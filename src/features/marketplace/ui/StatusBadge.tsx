import { Badge } from '../../../components/ui/badge.tsx';
import { statusInfo, type StatusAudience } from '../../../contract/status.ts';

/**
 * A request's or appointment's status as the spec labels it; unknown statuses show as Pending.
 * `audience="owner"` on the pilot's own requests (a matched request is not "Available" to its owner).
 */
export function StatusBadge({ status, audience = 'default' }: { status: string; audience?: StatusAudience }) {
  const { label, tone } = statusInfo(status, audience);
  return <Badge tone={tone}>{label}</Badge>;
}
