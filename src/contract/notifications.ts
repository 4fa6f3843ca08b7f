import { z } from './zod.ts';
import { MARKETPLACE } from './marketplace.ts';

// ---------------------------------------------------------------------------------------------
// Notifications: the list's query, a notification as answered, and the email preference.

export const NotificationsQuerySchema = z.object({
  unread_only: z
    .enum(['true', 'false', '1', '0'], { error: 'unread_only must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  limit: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return MARKETPLACE.notificationsLimit;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'limit must be a whole number of at least 1' });
        return z.NEVER;
      }
      // Larger asks are served at the cap rather than refused: the client just gets fewer.
      return Math.min(n, MARKETPLACE.notificationsMaxLimit);
    }),
});

export interface Notification {
  id: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  isRead: boolean;
  createdAt: string;
}

/** Whether the user's marketplace notifications also arrive by email. */
export const EmailPreferenceSchema = z.object({
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
});

/**
 * Notices whose email goes at once (docs/decisions/0453): an aircraft on ground waits for nobody,
 * and a notice that asks the owner to decide holds the job until they do. They are never held in
 * the gather window of combined emails (docs/decisions/0183), and an earlier notice of the same
 * person still gathering leaves with them, ahead, so the order holds. The rest gather.
 */
export const URGENT_NOTICES = {
  'aog.call': 'An aircraft is on the ground near the mechanic',
  'aog.offer': 'A mechanic offers to come to the aircraft on ground',
  'aog.unanswered': 'No mechanic answered an aircraft on ground within the widest radius: the owner is told who phones',
  'change_order.created': 'A change order waits for the owner to approve, defer or decline',
  'bid.received': 'A quote waits for the owner to accept it',
  'appointment.proposed': 'Proposed times wait for an answer',
} as const satisfies Record<string, string>;

/** Whether a notice of this type is emailed at once instead of gathered. */
export const isUrgentNotice = (type: string): boolean => Object.hasOwn(URGENT_NOTICES, type);
