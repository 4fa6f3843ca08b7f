import { mintResetLink } from '../../src/server/auth/reset-link.server.ts';
import { testDb } from './db.ts';

/**
 * The secret of the latest reset link emailed to `to`, as the delivery run makes it when the email
 * leaves (the stored email holds the link masked). For suites on the shared database, where a
 * whole delivery run would take other suites' messages.
 */
export async function sentResetToken(to: string): Promise<string> {
  const row = await testDb()
    .selectFrom('outbox')
    .select(['id', 'bodyText', 'bodyHtml'])
    .where('toAddress', '=', to)
    .where('kind', '=', 'auth.password_reset')
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  const sent = await mintResetLink(testDb(), row.id, { text: row.bodyText, html: row.bodyHtml });
  return /\/reset-password\?token=([\w-]+)/.exec(sent?.text ?? '')?.[1] ?? '';
}
