import { Badge } from '../../../components/ui/badge.tsx';
import { statusInfo } from '../../../contract/status.ts';

/** A request's or appointment's status as the spec labels it; unknown statuses show as Pending. */
export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = statusInfo(status);
  return <Badge tone={tone}>{label}</Badge>;
}
