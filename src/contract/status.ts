import type { Option } from './options.ts';

/**
 * docs/product.md §4: the statuses of quotes, service requests and appointments, with the label users
 * see and the badge tone. One map for the admin console and the marketplace dashboards.
 */
export type StatusTone = 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'info' | 'destructive';

export interface StatusOption extends Option {
  tone: StatusTone;
}

export const STATUSES = [
  { value: 'pending', label: 'Pending', tone: 'warning' },
  { value: 'matched', label: 'Available', tone: 'info' },
  { value: 'quoted', label: 'Quoted', tone: 'info' },
  { value: 'approved', label: 'Approved', tone: 'success' },
  { value: 'scheduled', label: 'Scheduled', tone: 'info' },
  { value: 'confirmed', label: 'Confirmed', tone: 'success' },
  { value: 'in_progress', label: 'In Progress', tone: 'default' },
  { value: 'completed', label: 'Completed', tone: 'success' },
  { value: 'cancelled', label: 'Cancelled', tone: 'destructive' },
] as const satisfies readonly StatusOption[];

export type Status = (typeof STATUSES)[number]['value'];

/** The public quote requests the admin sees: no `matched` (docs/product.md §4). */
export const ADMIN_QUOTE_STATUSES = ['pending', 'quoted', 'approved', 'in_progress', 'completed', 'cancelled'] as const;
export type AdminQuoteStatus = (typeof ADMIN_QUOTE_STATUSES)[number];

const PENDING = STATUSES[0];

/** Who reads the badge: "Available" is the mechanic's word for a request they may quote. */
export type StatusAudience = 'default' | 'owner';

/** What the owner of a request reads where the spec's label speaks to mechanics. */
const OWNER_LABELS: Partial<Record<Status, string>> = { matched: 'Mechanics matched' };

/** The status's display entry; an unknown or missing status shows as Pending (docs/product.md §4). */
export function statusInfo(status: string | null | undefined, audience: StatusAudience = 'default'): StatusOption {
  const info: StatusOption = STATUSES.find((s) => s.value === status) ?? PENDING;
  const ownerLabel = audience === 'owner' ? OWNER_LABELS[info.value as Status] : undefined;
  return ownerLabel ? { ...info, label: ownerLabel } : info;
}

export const statusLabel = (status: string | null | undefined): string => statusInfo(status).label;
export const statusTone = (status: string | null | undefined): StatusTone => statusInfo(status).tone;
