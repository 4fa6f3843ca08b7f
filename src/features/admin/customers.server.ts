import { sql } from 'kysely';
import { fullNameSql } from '../../server/db/full-name.ts';
import type { Customer, CustomersPage } from '../../contract/customers.ts';
import type { Db } from '../../server/db/client.ts';
import { afterKey, cut, keyOf, type KeyColumn } from '../../server/http/paging.ts';

/** The list's order, newest first, and its cursor (docs/decisions/0201-cursor-paging.md). */
export const CUSTOMER_KEYS = [
  { ref: 'users.created_at', type: 'timestamptz' },
  { ref: 'users.id', type: 'uuid' },
] as const satisfies readonly KeyColumn[];

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Pilot accounts, newest first, searchable by name, email or location, with how many aircraft and
 * service requests each has and the requests' statuses (counted in the database, one query).
 */
export async function listCustomers(
  db: Db,
  query: { q: string; page: number; per_page: number },
  /** The last row seen (`?cursor=`): the page after it, in place of `page`'s offset. */
  after: string[] | null = null,
): Promise<CustomersPage> {
  const pattern = `%${likeEscape(query.q)}%`;
  const base = db
    .selectFrom('users')
    .where('users.role', '=', 'pilot')
    .$if(query.q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('users.email', 'ilike', pattern),
          eb('users.location', 'ilike', pattern),
          eb(fullNameSql('users'), 'ilike', pattern),
        ]),
      ),
    );

  const [rows, count] = await Promise.all([
    base
      .$if(after !== null, (qb) => qb.where(afterKey(CUSTOMER_KEYS, after!, 'desc')))
      .select(keyOf(CUSTOMER_KEYS).as('pageKey'))
      .select((eb) => [
        'users.id',
        'users.firstName',
        'users.lastName',
        'users.email',
        'users.phone',
        'users.location',
        'users.createdAt',
        eb
          .selectFrom('aircraft')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('aircraft.ownerId', '=', 'users.id')
          .as('aircraftCount'),
        // As text: the CamelCasePlugin would rename the status keys of a json value (in_progress).
        sql<string | null>`(
          select json_object_agg(s.status, s.n)::text from (
            select status, count(*)::int as n from service_requests where customer_id = users.id group by status
          ) s
        )`.as('requestStatuses'),
      ])
      .orderBy('users.createdAt', 'desc')
      .orderBy('users.id', 'desc')
      .limit(query.per_page + 1)
      .$if(after === null, (qb) => qb.offset((query.page - 1) * query.per_page))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);

  const total = Number(count.n);
  const { rows: shown, nextCursor } = cut(rows, query.per_page);
  const data: Customer[] = shown.map((r) => {
    const statuses = r.requestStatuses ? (JSON.parse(r.requestStatuses) as Record<string, number>) : {};
    return {
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      phone: r.phone,
      location: r.location,
      joinedAt: r.createdAt.toISOString(),
      aircraftCount: Number(r.aircraftCount ?? 0),
      requestsCount: Object.values(statuses).reduce((a, b) => a + b, 0),
      requestStatuses: statuses,
    };
  });
  return {
    success: true,
    data,
    nextCursor,
    pagination: {
      page: query.page,
      per_page: query.per_page,
      total,
      pages: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}
