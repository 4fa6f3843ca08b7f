import pg from 'pg';
import { connectDb } from '../../src/server/db/client.ts';
import { INVARIANTS, findViolations, type Violation } from '../../src/server/db/invariants.server.ts';

/** The rows of one database that break an invariant (src/server/db/invariants.server.ts). */
export async function violationsIn(url: string): Promise<Violation[]> {
  const db = connectDb(url);
  try {
    return await findViolations(db);
  } finally {
    await db.destroy();
  }
}

/** Every violation as an operator reads it: the rule, the row, what is wrong, what to do. */
export function describeViolations(violations: Violation[], where = ''): string {
  if (!violations.length) return `check:data${where ? ` ${where}` : ''}: every invariant holds.`;
  const lines = [`check:data${where ? ` ${where}` : ''}: ${violations.length} row(s) break an invariant.`];
  for (const [name, rule] of Object.entries(INVARIANTS)) {
    const of = violations.filter((v) => v.invariant === name);
    if (!of.length) continue;
    lines.push('', `${name} (${of.length}): ${rule}`);
    for (const v of of) lines.push(`  appointment ${v.appointmentId}: ${v.detail}`, `    fix: ${v.fix}`);
  }
  return lines.join('\n');
}

/** The databases of one PostgreSQL server that hold the product's tables (the API run makes several). */
export async function productDatabasesOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const names = await client.query<{ datname: string }>(
      'select datname from pg_database where not datistemplate order by datname',
    );
    const urls: string[] = [];
    for (const { datname } of names.rows) {
      const u = new URL(url);
      u.pathname = `/${datname}`;
      const c = new pg.Client({ connectionString: u.href });
      await c.connect();
      try {
        const has = await c.query("select to_regclass('public.payments') is not null as ok");
        if (has.rows[0]?.ok) urls.push(u.href);
      } finally {
        await c.end();
      }
    }
    return urls;
  } finally {
    await client.end();
  }
}
