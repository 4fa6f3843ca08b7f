import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// The appointment cards' payments in one call (docs/decisions/0204): GET
// /api/appointments/payments?ids=... answers, for each appointment the caller may see, what the
// single read GET /api/appointments/:id/payment answers; nothing for the others.

/** `n` appointments of `mechanic` for `pilot`, straight in the database; their ids. */
async function appointments(pilot: TestUser, mechanic: TestUser, n: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with r as (
      insert into service_requests (customer_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                    service_description, service_location, service_location_label, service_latitude, service_longitude, status)
      select ${pilot.id}::uuid, 'Cessna', '172', 'NPB' || g, 'KPAO', 'annual_inspection', 'Payments ' || g, 'KPAO', 'KPAO', 37.46, -122.11, 'approved'
      from generate_series(1, ${n}::int) g returning id),
    b as (
      insert into bids (service_request_id, mechanic_id, labor_cost, parts_cost, total_cost, estimated_hours, available_start_date, estimated_completion_date, status)
      select id, ${mechanic.id}::uuid, 100, 0, 100, 1, current_date, current_date, 'accepted' from r returning id, service_request_id)
    insert into appointments (service_request_id, bid_id, mechanic_id, customer_id, scheduled_date, scheduled_time, estimated_duration, service_location, confirmed_at)
    select service_request_id, id, ${mechanic.id}::uuid, ${pilot.id}::uuid, current_date + 1, '09:00', 1, 'KPAO', now() from b
    returning id`.execute(testDb());
  return rows.map((r) => r.id);
}

describe('payments of several appointments in one call', () => {
  it('answers each visible appointment as its single read does, and leaves out the others', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    const [none, paid, due] = await appointments(pilot, mechanic, 3);
    const db = testDb();
    // A settled payment and one waiting for the owner's card on the hosted page.
    await sql`insert into payments (appointment_id, owner_id, mechanic_id, account_id, status, total_cents, fee_cents, payout_cents, paid_at, deposit_state)
              values (${paid}, ${pilot.id}, ${mechanic.id}, 'acct_batch', 'paid', 25000, 1250, 23750, now(), 'paid')`.execute(
      db,
    );
    await sql`insert into payments (appointment_id, owner_id, mechanic_id, account_id, status, total_cents, pay_url, failure_message)
              values (${due}, ${pilot.id}, ${mechanic.id}, 'acct_batch', 'payment_due', 9900, 'https://checkout.example/pay', 'Your card was declined.')`.execute(
      db,
    );
    const stranger = await createUser('pilot');
    const [theirs] = await appointments(stranger, mechanic, 1);

    for (const user of [pilot, mechanic]) {
      const res = await callRoute(ROUTES.appointmentPayments, {
        query: { ids: [none, paid, due, theirs].join(',') },
        as: user,
      });
      expect(res.status, res.text).toBe(200);
      const expected: Record<string, unknown> = {};
      for (const id of user === pilot ? [none!, paid!, due!] : [none!, paid!, due!, theirs!]) {
        expected[id] = (await callRoute(ROUTES.appointmentPayment, { params: { id }, as: user })).body;
      }
      expect(res.body).toEqual(expected);
    }
    const batch = (await api.get(`/api/appointments/payments?ids=${none},${paid},${due}`, { token: pilot.token })).body;
    expect(batch[none!].status).toBe('not_applicable');
    expect(batch[paid!]).toMatchObject({
      status: 'paid',
      totalCents: 25000,
      feeCents: 1250,
      payoutCents: 23750,
      depositOnCancel: 'kept',
    });
    // Only the owner is sent to the card page.
    expect(batch[due!]).toMatchObject({ status: 'payment_due', actionUrl: 'https://checkout.example/pay' });
    const forMechanic = (await callRoute(ROUTES.appointmentPayments, { query: { ids: due }, as: mechanic })).body;
    expect(forMechanic[due!]!.actionUrl).toBeNull();
    // Someone else's appointment: nothing, as its single read is a 404.
    expect((await callRoute(ROUTES.appointmentPayments, { query: { ids: theirs }, as: pilot })).body).toEqual({});
    // The settled payment was written as paid without a capture or a signed entry: take it away, so
    // the run's final data check reads only what the product wrote.
    await sql`delete from payments where appointment_id = ${paid}`.execute(db);
  });

  it('refuses a missing, malformed or too long list of ids, and anyone signed out', async () => {
    const pilot = await createUser('pilot');
    for (const query of [
      '',
      '?ids=',
      '?ids=nonsense',
      `?ids=${Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',')}`,
    ]) {
      const res = await api.get(`/api/appointments/payments${query}`, { token: pilot.token });
      expect(res.status, query).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    expect(
      (await callRoute(ROUTES.appointmentPayments, { query: { ids: '00000000-0000-4000-8000-000000000000' } })).status,
    ).toBe(401);
  });
});
