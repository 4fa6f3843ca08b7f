import type { AppointmentStatus, RequestStatus } from '../../contract/marketplace.ts';

/**
 * The lifecycle of a service request and of its appointment, as tables. The server checks every
 * change against them (and applies it with a conditional update), so an illegal move is a 409,
 * never a silent overwrite. See docs/decisions/0041-marketplace-state-machine.md.
 */
export const REQUEST_TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  pending: ['matched', 'cancelled'],
  matched: ['pending', 'quoted', 'cancelled'],
  quoted: ['approved', 'cancelled'],
  approved: ['in_progress', 'cancelled'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
};

export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  scheduled: ['confirmed', 'cancelled'],
  confirmed: ['in_progress', 'cancelled'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
};

export function canMoveRequest(from: RequestStatus, to: RequestStatus): boolean {
  return REQUEST_TRANSITIONS[from]?.includes(to) ?? false;
}

export function canMoveAppointment(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return APPOINTMENT_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Statuses in which a request still takes quotes, and in which its owner may still cancel it. */
export const QUOTABLE_REQUEST_STATUSES: readonly RequestStatus[] = ['matched', 'quoted'];
export const OPEN_REQUEST_STATUSES: readonly RequestStatus[] = ['pending', 'matched', 'quoted'];
export const CANCELLABLE_REQUEST_STATUSES: readonly RequestStatus[] = (Object.keys(REQUEST_TRANSITIONS) as RequestStatus[]).filter(
  (s) => canMoveRequest(s, 'cancelled'),
);

/** The mechanic's actions on an appointment: which status each needs and which it leads to. */
export const APPOINTMENT_ACTIONS = {
  confirm: { from: 'scheduled', to: 'confirmed', verb: 'confirm' },
  start: { from: 'confirmed', to: 'in_progress', verb: 'start' },
  complete: { from: 'in_progress', to: 'completed', verb: 'complete' },
} as const satisfies Record<string, { from: AppointmentStatus; to: AppointmentStatus; verb: string }>;
export type AppointmentAction = keyof typeof APPOINTMENT_ACTIONS;

/** Requests the pilot counts as active (spec: pending, matched or quoted). */
export const ACTIVE_REQUEST_STATUSES: readonly RequestStatus[] = OPEN_REQUEST_STATUSES;
/** Appointments that are upcoming (pilot) and, with in_progress, active jobs (mechanic). */
export const UPCOMING_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['scheduled', 'confirmed'];
export const ACTIVE_JOB_STATUSES: readonly AppointmentStatus[] = ['scheduled', 'confirmed', 'in_progress'];
