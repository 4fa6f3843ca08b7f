import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMessage, type MailCatcher } from '../../scripts/lib/mail-catcher.ts';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { api, call } from '../helpers/api.ts';
import { startFakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createRequest, mechanicWithProfile, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// Both parties get the appointment's calendar file by email, attached to the
// confirmation (the time agreed, the mechanic's confirmation), through the outbox's SMTP delivery
// into the local mail catcher `npm start` runs (docs/decisions/0165). Its own database: a delivery
// run sends every due message. Elko, Nevada (KEKO, America/Los_Angeles).

const PLACE = 'KEKO';
let db: Db;
let catcher: MailCatcher;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  catcher = await startMailCatcher();
  process.env['LOCAL_MAIL_CATCHER_SMTP'] = `${catcher.smtp.host}:${catcher.smtp.port}`;
});

afterAll(async () => {
  delete process.env['LOCAL_MAIL_CATCHER_SMTP'];
  await catcher.close();
  await db.destroy();
});

/** The notices' emails wait two minutes to be combined (docs/decisions/0183): make them due, then run a delivery. */
async function deliverNow() {
  await db
    .updateTable('outbox')
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where('status', '=', 'pending')
    .execute();
  const report = await deliverDueMessages(db);
  expect(report.dead).toBe(0);
}

const caught = (to: TestUser, subject: string): CaughtMessage[] =>
  catcher.messages.filter((m) => m.to.includes(to.email) && m.subject.startsWith(subject));
const eventOf = (m: CaughtMessage): VEvent => {
  const file = m.attachments.find((a) => a.contentType === 'text/calendar');
  expect(file, `no calendar file in "${m.subject}"`).toBeTruthy();
  const events = Object.values(ical.sync.parseICS(Buffer.from(file!.content, 'base64').toString('utf8'))).filter(
    (c): c is VEvent => c?.type === 'VEVENT',
  );
  expect(events).toHaveLength(1);
  return events[0]!;
};

async function acceptedJob() {
  const pilot = await createUser('pilot', { firstName: 'Edna', lastName: 'Elko' });
  const mechanic = await mechanicWithProfile(
    { baseLocation: PLACE, serviceRadius: '5' },
    { firstName: 'Ray', lastName: 'Ruby' },
  );
  const request = await createRequest(pilot, { serviceLocation: PLACE, aircraftLocation: PLACE });
  const {
    laborCost: _l,
    partsCost: _p,
    estimatedHours: _h,
    ...rest
  } = validBid({ availableStartDate: '2030-12-02', estimatedCompletionDate: '2030-12-04' });
  const quote = await callRoute(ROUTES.requestBid, {
    params: { id: request.id },
    body: {
      ...rest,
      lines: [
        { category: 'inspection', description: 'Annual inspection', laborHours: 12, laborRate: 100, partsCost: 0 },
      ],
    },
    as: mechanic,
  });
  expect(quote.status, quote.text).toBe(201);
  const accepted = await callRoute(ROUTES.requestAccept, {
    params: { id: request.id },
    body: { bidId: quote.body.id },
    as: pilot,
  });
  expect(accepted.status).toBe(200);
  return { pilot, mechanic, id: accepted.body.appointment.id as string };
}

describe('the appointment’s calendar file by email (point 9)', () => {
  it('is attached to the "time agreed" email of both parties and to the owner’s confirmation, and moves with a reschedule', async () => {
    const { pilot, mechanic, id } = await acceptedJob();
    const base = `/api/appointments/${id}`;
    const proposed = await api.post(
      `${base}/proposals`,
      { times: [{ date: '2030-12-03', time: '09:00' }] },
      { token: mechanic.token },
    );
    expect(proposed.status, proposed.text).toBe(201);
    expect(
      (
        await api.post(
          `${base}/proposals/${proposed.body.schedule.open.id}/accept`,
          { time: { date: '2030-12-03', time: '09:00' } },
          { token: pilot.token },
        )
      ).status,
    ).toBe(200);
    expect((await api.post(`${base}/confirm`, {}, { token: mechanic.token })).status).toBe(200);
    await deliverNow();

    // The time agreed reaches both parties with the file: 9:00 AM at Elko (PST) is 17:00 UTC.
    for (const who of [pilot, mechanic]) {
      const [agreed] = caught(who, 'Appointment time agreed');
      expect(agreed, `${who.role} got no "time agreed" email`).toBeTruthy();
      expect(agreed!.text).toContain('picked Tue, Dec 3, 2030');
      expect(agreed!.attachments).toEqual([
        expect.objectContaining({
          filename: expect.stringMatching(/^appointment-N\w+-2030-12-03\.ics$/),
          contentType: 'text/calendar',
        }),
      ]);
      const event = eventOf(agreed!);
      expect(event.uid).toBe(`appointment-${id}@skyward-mobile-aviation`);
      expect(event.start.toISOString()).toBe('2030-12-03T17:00:00.000Z');
      // The first agreement already moves the tentative event the acceptance implied (SEQUENCE 1).
      expect(String(event.sequence)).toBe('1');
      expect(event.description).toContain('Mechanic: Ray Ruby');
    }
    // The mechanic's confirmation reaches the owner with the same event, confirmed.
    const [confirmed] = caught(pilot, 'Appointment confirmed');
    expect(confirmed).toBeTruthy();
    expect(eventOf(confirmed!)).toMatchObject({
      uid: `appointment-${id}@skyward-mobile-aviation`,
      status: 'CONFIRMED',
    });
    // The file is the one the appointment's "Add to calendar" downloads (but for its time stamp).
    const download = await api.get(`${base}/calendar.ics`, { token: pilot.token });
    const attached = Buffer.from(confirmed!.attachments[0]!.content, 'base64').toString('utf8');
    const unstamped = (ics: string) => ics.replace(/^DTSTAMP:.*\r\n/m, '');
    expect(unstamped(attached)).toBe(unstamped(download.text));
    // The catcher serves it to a person too.
    const res = await fetch(`${catcher.url}/messages/${confirmed!.id}/attachments/0`);
    expect(res.headers.get('content-type')).toBe('text/calendar');
    expect(await res.text()).toContain('BEGIN:VCALENDAR');
    expect(await (await fetch(catcher.url)).text()).toContain('.ics</a> (text/calendar');

    // A reschedule agreed within the two minutes is its own email with its own file (SEQUENCE 2),
    // never folded into the first one.
    const moved = await api.post(
      `${base}/proposals`,
      { times: [{ date: '2030-12-05', time: '13:30' }], reason: 'Parts arrive a day late' },
      { token: mechanic.token },
    );
    expect(moved.status, moved.text).toBe(201);
    expect(
      (
        await api.post(
          `${base}/proposals/${moved.body.schedule.open.id}/accept`,
          { time: { date: '2030-12-05', time: '13:30' } },
          { token: pilot.token },
        )
      ).status,
    ).toBe(200);
    await deliverNow();
    const agreedEmails = caught(pilot, 'Appointment time agreed');
    expect(agreedEmails).toHaveLength(2);
    const second = eventOf(agreedEmails[1]!);
    expect(second.start.toISOString()).toBe('2030-12-05T21:30:00.000Z');
    expect(String(second.sequence)).toBe('2');
  });

  it('keeps emails without files as they were: plain text, combined when they arrive together', async () => {
    const { mechanic } = await acceptedJob();
    const before = catcher.messages.length;
    const rows = await db
      .selectFrom('outbox')
      .select(['attachments', 'kind'])
      .where('toAddress', '=', mechanic.email)
      .execute();
    expect(rows.map((r) => r.kind)).toContain('marketplace.bid.accepted');
    expect(rows.every((r) => r.attachments === null)).toBe(true);
    await deliverNow();
    const received = catcher.messages.slice(before).filter((m) => m.to.includes(mechanic.email));
    expect(received.length).toBeGreaterThan(0);
    for (const m of received) {
      expect(m.attachments).toEqual([]);
      expect(m.text).toContain('Hi Ray,');
    }
  });

  it('reaches Mailchimp Transactional as its attachments (type, name, base64 content) when Mailchimp sends the email', async () => {
    const fake = await startFakeMessaging();
    process.env['MAILCHIMP_API_BASE'] = fake.url;
    try {
      const admin = await createUser('admin');
      const form = new FormData();
      for (const [k, v] of Object.entries({ key_name: 'Production', api_key: 'md-valid-key', is_primary: 'true' }))
        form.set(k, v);
      const added = await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
        rawBody: form,
        token: admin.token,
      });
      expect(added.status, added.text).toBeLessThan(300);
      const { pilot, mechanic, id } = await acceptedJob();
      const proposed = await callRoute(ROUTES.appointmentPropose, {
        params: { id },
        body: { times: [{ date: '2030-12-03', time: '09:00' }] },
        as: mechanic,
      });
      expect(
        (
          await callRoute(ROUTES.appointmentProposalAccept, {
            params: { id, proposalId: proposed.body.schedule!.open!.id },
            body: { time: { date: '2030-12-03', time: '09:00' } },
            as: pilot,
          })
        ).status,
      ).toBe(200);
      await deliverNow();
      const sent = fake.emails.find((e) => e.to === pilot.email && e.subject.startsWith('Appointment time agreed'));
      expect(sent?.attachments).toEqual([
        {
          type: 'text/calendar; charset=utf-8; method=PUBLISH',
          name: expect.stringMatching(/\.ics$/),
          content: expect.any(String),
        },
      ]);
      const events = Object.values(
        ical.sync.parseICS(Buffer.from(sent!.attachments![0]!.content, 'base64').toString('utf8')),
      ).filter((c): c is VEvent => c?.type === 'VEVENT');
      expect(events.map((e) => e.uid)).toEqual([`appointment-${id}@skyward-mobile-aviation`]);
    } finally {
      await fake.close();
    }
  });
});
