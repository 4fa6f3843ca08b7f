import { citeBeside } from './due-words.ts';
import { CircleAlert, CircleCheck, CircleHelp, Clock } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../components/ui/cn.ts';
import { labelOf } from '../../contract/options.ts';
import {
  ANNUAL_UNKNOWN_REASON,
  ITEM_STATUSES,
  type AirworthinessVerdict,
  type ItemStatus,
  type Reason,
  type MaintenanceView,
  verdictLabel,
} from '../../contract/maintenance.ts';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useRoute, type Query } from '../../lib/use-query.ts';

/** An item's status in words, colour and icon (never colour alone). */
export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const Icon = status === 'overdue' ? CircleAlert : status === 'due_soon' ? Clock : CircleCheck;
  const tone = status === 'overdue' ? 'destructive' : status === 'due_soon' ? 'warning' : 'success';
  return (
    <Badge tone={tone} className="gap-1">
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {labelOf(ITEM_STATUSES, status)}
    </Badge>
  );
}

/** "Airworthy", "Not airworthy" or "Airworthiness unknown", with the reasons, the limits and their cites. */
export function Verdict({
  view,
  compact = false,
}: {
  view: Pick<MaintenanceView, 'airworthy' | 'reasons'> & { verdict?: AirworthinessVerdict; limits?: Reason[] };
  compact?: boolean;
}) {
  const verdict = view.verdict ?? (view.airworthy ? 'airworthy' : 'not_airworthy');
  const look = {
    airworthy: {
      box: 'border-success/40 bg-success-muted',
      text: 'text-success',
      Icon: CircleCheck,
    },
    not_airworthy: {
      box: 'border-destructive/40 bg-destructive/5',
      text: 'text-destructive',
      Icon: CircleAlert,
    },
    unknown: {
      box: 'border-warning/40 bg-warning-muted',
      text: 'text-foreground',
      Icon: CircleHelp,
    },
  }[verdict === 'airworthy' && (view.limits ?? []).length > 0 ? 'unknown' : verdict];
  const limits = view.limits ?? [];
  const shown =
    verdict === 'unknown' ? view.reasons.filter((r) => r.text !== ANNUAL_UNKNOWN_REASON.text) : view.reasons;
  return (
    <div className={cn('rounded-md border p-3', look.box)} data-verdict={verdict}>
      <p className={cn('flex items-center gap-2 font-semibold', look.text)}>
        <look.Icon className="h-5 w-5" aria-hidden="true" />
        {verdictLabel(verdict, limits)}
      </p>
      {verdict === 'unknown' && (
        <p className="mt-1 text-sm">
          Add the annual inspection with the date it was last done: until then the due list cannot tell whether this
          aircraft is airworthy.
        </p>
      )}
      {verdict !== 'airworthy' && shown.length > 0 && (
        <ul className={cn('mt-1 space-y-1 text-sm', compact && 'line-clamp-3')}>
          {shown.map((r) => (
            <li key={r.text}>
              {r.text} <span className="whitespace-nowrap text-muted-foreground">({citeBeside(r.text, r.cite)})</span>
            </li>
          ))}
        </ul>
      )}
      {limits.length > 0 && verdict !== 'airworthy' && <p className="mt-2 text-sm font-medium">Limits</p>}
      {limits.length > 0 && (
        <ul className={cn('mt-1 space-y-1 text-sm', compact && 'line-clamp-3')} aria-label="Limits">
          {limits.map((r) => (
            <li key={r.text}>
              {r.text} <span className="whitespace-nowrap text-muted-foreground">({citeBeside(r.text, r.cite)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// The due list's words, shared with the records packet's PDF (due-words.ts).

/** A loaded due list as the screens show it: the view, the load's problem in words, and reload. */
export function dueListOf<T>(query: Query<T>) {
  return {
    view: query.data ?? null,
    error: query.state.status === 'error' ? errorText(query.state.error, 'Could not load the due list') : null,
    reload: query.reload,
  };
}

/** The due list of one aircraft, one cached call shared by its card and its open due list. */
export function useDueList(aircraftId: string) {
  return dueListOf(useRoute(ROUTES.maintenance, { params: { id: aircraftId } }));
}

export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.detail ? err.detail : fallback;
}
