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
