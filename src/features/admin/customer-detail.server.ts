import { sql } from 'kysely';
import { CUSTOMER_DETAIL_LIMIT, type CustomerDetail } from '../../contract/customers.ts';
import { isUuid } from '../../contract/ids.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';

const count = (n: string | number | bigint | null | undefined) => Number(n ?? 0);

/**
 * A pilot's account with what it has done: service requests with the bids
 * received, aircraft, the website's quote requests and the leads sent from the same email (a
 * visitor who later signed up). Each list is bounded; the counts come from count(*).
 */
export async function customerDetail(db: Db, id: string | undefined): Promise<CustomerDetail> {
  if (!isUuid(id)) throw notFound('Customer not found');
  const user = await db
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'email', 'phone', 'location', 'createdAt'])
    .where('id', '=', id)
    .where('role', '=', 'pilot')
    .executeTakeFirst();
  if (!user) throw notFound('Customer not found');
  const email = user.email.trim().toLowerCase();

  const [requests, aircraft, quotes, leads, statuses, totals] = await Promise.all([
    db
      .selectFrom('serviceRequests as r')
      .select([
        'r.id',
        'r.serviceType',
        'r.status',
        'r.aircraftTailNumber',
        'r.aircraftMake',
        'r.aircraftModel',
        'r.serviceLocation',
        'r.createdAt',
        (eb) =>
          eb
            .selectFrom('bids as b')
            .select((e) => e.fn.countAll<string>().as('n'))
            .whereRef('b.serviceRequestId', '=', 'r.id')
            .as('bidsCount'),
        (eb) =>
          eb
            .selectFrom('bids as b')
            .select('b.totalCost')
            .whereRef('b.serviceRequestId', '=', 'r.id')
            .where('b.status', '=', 'accepted')
            .limit(1)
            .as('acceptedTotal'),
      ])
      .where('r.customerId', '=', id)
      .orderBy('r.createdAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(CUSTOMER_DETAIL_LIMIT)
      .execute(),
    db
      .selectFrom('aircraft')
      .select(['id', 'tailNumber', 'make', 'model', 'year', 'homeAirport'])
      .where('ownerId', '=', id)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(CUSTOMER_DETAIL_LIMIT)
      .execute(),
    db
      .selectFrom('quotes')
      .select(['id', 'serviceType', 'status', 'aircraftMake', 'aircraftModel', 'createdAt', 'discountCode'])
      .where(sql<string>`lower(return_email)`, '=', email)
      .orderBy('createdAt', 'desc')
      .limit(CUSTOMER_DETAIL_LIMIT)
      .execute(),
    db
      .selectFrom('leads')
      .select(['id', 'source', 'status', 'createdAt'])
      .where(sql<string>`lower(email)`, '=', email)
      .orderBy('createdAt', 'desc')
      .limit(CUSTOMER_DETAIL_LIMIT)
      .execute(),
    db
      .selectFrom('serviceRequests')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('customerId', '=', id)
      .groupBy('status')
      .execute(),
    sql<{ aircraft: string; quotes: string; leads: string }>`select
        (select count(*) from aircraft where owner_id = ${id}) as aircraft,
        (select count(*) from quotes where lower(return_email) = ${email}) as quotes,
        (select count(*) from leads where lower(email) = ${email}) as leads`.execute(db),
  ]);

  const requestStatuses = Object.fromEntries(statuses.map((s) => [s.status, count(s.n)]));
  const requestsTotal = Object.values(requestStatuses).reduce((a, b) => a + b, 0);
  const t = totals.rows[0];
  return {
    customer: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      phone: user.phone,
      location: user.location,
      joinedAt: user.createdAt.toISOString(),
      aircraftCount: count(t?.aircraft),
      requestsCount: requestsTotal,
      requestStatuses,
    },
    requests: requests.map((r) => ({
      id: r.id,
      serviceType: r.serviceType,
      status: r.status,
      aircraftTailNumber: r.aircraftTailNumber,
      aircraftMake: r.aircraftMake,
      aircraftModel: r.aircraftModel,
      serviceLocation: r.serviceLocation,
      createdAt: r.createdAt.toISOString(),
      bidsCount: count(r.bidsCount),
      acceptedTotal: r.acceptedTotal === null || r.acceptedTotal === undefined ? null : Number(r.acceptedTotal),
    })),
    aircraft: aircraft.map((a) => ({
      id: a.id,
      tailNumber: a.tailNumber,
      make: a.make,
      model: a.model,
      year: a.year,
      homeAirport: a.homeAirport,
    })),
    quotes: quotes.map((q) => ({
      id: q.id,
      serviceType: q.serviceType,
      status: q.status,
      aircraftMake: q.aircraftMake,
      aircraftModel: q.aircraftModel,
      createdAt: new Date(q.createdAt).toISOString(),
      discountCode: q.discountCode ?? null,
    })),
    leads: leads.map((l) => ({
      id: l.id,
      source: l.source,
      status: l.status,
      createdAt: new Date(l.createdAt).toISOString(),
    })),
    counts: { requests: requestsTotal, aircraft: count(t?.aircraft), quotes: count(t?.quotes), leads: count(t?.leads) },
  };
}
