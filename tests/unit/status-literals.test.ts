import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { statusLiterals, statusLiteralsIn } from '../../scripts/lib/status-literals.ts';

// A status is written only through its machine (docs/decisions/0458-no-status-literal-in-a-write.md):
// the server's files write no status as a string literal in an insert or an update.

const lines = (text: string) => statusLiteralsIn('x.server.ts', text).map((f) => f.line);

describe('the status literal check', () => {
  test('finds a literal status in each shape a write takes', () => {
    const text = [
      "await trx.updateTable('aogOffers').set({ status: 'accepted', updatedAt: now }).execute();", // 1
      "await trx.insertInto('aogEvents').values({ aogId, status: 'open' }).execute();", // 2
      'await trx.updateTable(\'payments\').set({ ...(done ? { status: "refunded" as const } : {}) }).execute();', // 3
      "row = await update(trx, row, { status: 'card_saved' });", // 4
      "await update(trx, p, { status: frozen ? 'disputed' : 'paid' });", // 5
      "await moveStatus(trx, kind, row, 'contacted', by, null);", // 6
      "await sql`update quotes set inbox_status = 'won' where id = ${id}`.execute(trx);", // 7
      "await trx.insertInto('x').values({ id }).onConflict((oc) => oc.column('id').doUpdateSet({ status: 'open' }));", // 8
    ].join('\n');
    expect(lines(text)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('leaves alone what is not a write of a literal status', () => {
    const text = [
      "await trx.updateTable('bids').set({ status: targetOf(BID_MACHINE, 'decline') }).execute();",
      "await trx.updateTable('r').set({ status: transition(REQUEST_MACHINE, r.status, 'cancel') }).execute();",
      "const q = trx.selectFrom('payments').where('status', '=', 'paid');",
      'return { id: row.id, status: row.status };',
      "function f(status: 'active' | 'inactive') {}",
      "const view = { status: 'not_applicable', totalCents: 0 };",
      "await sql`select count(*) from aog_reports where status = 'open'`.execute(db);",
      "await trx.updateTable('payments').set({ depositState: 'paid' }).execute();",
    ].join('\n');
    expect(lines(text)).toEqual([]);
  });

  // Parsing every server file takes a few seconds on a loaded machine.
  test('the server writes no status literal outside the machines', { timeout: 30_000 }, () => {
    const found = statusLiterals(path.resolve(import.meta.dirname, '../..'));
    expect(found.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});
