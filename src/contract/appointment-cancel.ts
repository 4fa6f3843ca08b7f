import { requiredText } from './fields.ts';
import { z } from './zod.ts';

/**
 * The assigned mechanic cancels an appointment before work starts: always with a
 * reason the owner reads, after a confirmation question; whatever the owner was charged (the parts
 * deposit) is refunded in full. The owner's own cancellation rules (docs/decisions/0230) are apart.
 * docs/decisions/0167-mechanic-cancels.md
 */
export const CANCEL_REASON_MAX = 500;

export const MechanicCancelSchema = z.object({
  reason: requiredText('Reason', CANCEL_REASON_MAX),
});

/** Who cancelled an appointment: its owner, its mechanic, or its job re-listed after the mechanic was stopped. */
export type CancelledBy = 'owner' | 'mechanic' | 'stopped';

export interface AppointmentCancellation {
  by: CancelledBy;
  /** The mechanic's reason (null for the others). */
  reason: string | null;
  at: string | null;
}

export const MECHANIC_CANCEL_TEXT = {
  button: 'Cancel appointment',
  question: 'Cancel this appointment?',
  explain:
    'The owner is told at once, with your reason. Anything they were charged (the parts deposit) is refunded to their card in full. This cannot be undone.',
  confirm: 'Cancel appointment',
  keep: 'Keep appointment',
  done: 'Appointment cancelled. The owner is told.',
} as const;
