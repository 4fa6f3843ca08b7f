import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { emailPreference, setEmailPreference } from '../../src/features/marketplace/notifications.server.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

const PreferenceSchema = z.object({
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
});

// Whether the signed-in user's marketplace notifications also arrive by email.
export default withApi({
  GET: async (ctx) => emailPreference(ctx.db, (await requireUser(ctx)).id),
  PUT: async (ctx) => {
    const user = await requireUser(ctx);
    const { emailNotifications } = await ctx.body(PreferenceSchema);
    return setEmailPreference(ctx.db, user.id, emailNotifications);
  },
});

export const config: Config = { path: '/api/enhanced/notifications/preferences' };
