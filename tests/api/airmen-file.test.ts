import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { NONPILOT_BASIC_HEADER, NONPILOT_CERT_HEADER } from '../../src/contract/airmen-file.ts';
import { call } from '../helpers/api.ts';
import { airmenCsv, basicLine, certLine, type FaaCert, type FaaPerson } from '../helpers/airmen-file.ts';
import { testDb } from '../helpers/db.ts';
import { createRequest, mechanicWithProfile, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Mechanics checked against the FAA airmen file (docs/decisions/0120).
// Fixtures are written in the FAA's CSV layout (tests/helpers/airmen-file.ts). Mechanics of this
// file carry names no other suite uses; each import replaces the previous file's rows.

const BASE = '/api/admin/airmen-file';
const AP = ['M/A', 'M/P'];

function person(uniqueId: string, firstName: string, lastName: string, state: string, city = 'SOMEWHERE'): FaaPerson {
  return { uniqueId, firstName, lastName, city, state };
}
function cert(p: FaaPerson, type: string, ratings: string[] = []): FaaCert {
  return { uniqueId: p.uniqueId, firstName: p.firstName, lastName: p.lastName, type, ratings };
}

function form(month: string, basic: string, cert: string): FormData {
  const f = new FormData();
  f.set('month', month);
  f.set('basic', new File([basic], 'NONPILOT_BASIC.csv', { type: 'text/csv' }));
  f.set('cert', new File([cert], 'NONPILOT_CERT.csv', { type: 'text/csv' }));
  return f;
}

const upload = (admin: TestUser, f: FormData) => call('POST', BASE, { rawBody: f, token: admin.token });

/** Sends both files in chunks of `chunkSize`, the way the console does. */
async function chunked(admin: TestUser, month: string, basic: string, certText: string, chunkSize: number) {
  const files = { basic: Buffer.from(basic), cert: Buffer.from(certText) };
  const start = await callRoute(ROUTES.adminAirmenFileStart, {
    body: { month, basicSize: files.basic.byteLength, certSize: files.cert.byteLength, chunkSize },
    as: admin,
  });
  expect(start.status).toBe(201);
  let last = start;
  for (const kind of ['basic', 'cert'] as const) {
    const bytes = files[kind];
    for (let i = 0; i * chunkSize < bytes.byteLength; i += 1) {
      last = await call('PUT', `${BASE}/${start.body.id}/${kind}/chunks/${i}`, {
        rawBody: bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
        token: admin.token,
      });
      expect(last.status, last.text).toBe(200);
    }
  }
  return { start, last };
}

const queueEntry = async (admin: TestUser, id: string, status = 'pending') =>
  (
    (await callRoute(ROUTES.adminMechanics, { query: { status }, as: admin })).body as Array<{
      id: string;
      airmen: unknown;
      status: string;
    }>
  ).find((m) => m.id === id);

afterAll(async () => {
  await testDb().deleteFrom('systemSettings').where('settingKey', '=', 'airmen_auto_approve').execute();
});

describe('FAA airmen file: /api/admin/airmen-file', () => {
  it('is for administrators only', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    expect((await callRoute(ROUTES.adminAirmenFile)).status).toBe(401);
    expect((await callRoute(ROUTES.adminAirmenFile, { as: pilot })).status).toBe(403);
    expect(
      (
        await callRoute(ROUTES.adminAirmenFileStart, {
          body: { month: '2026-11', basicSize: 10, certSize: 10 },
          as: mechanic,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('PUT', `${BASE}/${crypto.randomUUID()}/basic/chunks/0`, { rawBody: 'x', token: pilot.token })).status,
    ).toBe(403);
  });

  it('imports a generated file plus hand-written rows (multipart) and gives each mechanic its verdict', async () => {
    const admin = await createUser('admin');
    // Registered locations: a profile base (KAUS is Austin, TX) or the location typed at sign-up.
    const jose = await createUser('mechanic', {
      firstName: 'José',
      lastName: "O'Brien-Vantz",
      location: 'Austin, TX',
      mechanicStatus: 'pending',
    });
    const twin = await createUser('mechanic', {
      firstName: 'Chris',
      lastName: 'Twinnick',
      location: 'Tampa, FL',
      mechanicStatus: 'pending',
    });
    const nobody = await createUser('mechanic', {
      firstName: 'Dana',
      lastName: 'Nomatchly',
      location: 'Fresno, CA',
      mechanicStatus: 'pending',
    });
    const ground = await createUser('mechanic', {
      firstName: 'Gil',
      lastName: 'Groundwell',
      location: 'Spokane, WA',
      mechanicStatus: 'pending',
    });
    const moved = await createUser('mechanic', {
      firstName: 'Mora',
      lastName: 'Elsewhen',
      location: 'Denver, CO',
      mechanicStatus: 'pending',
    });
    const airframe = await createUser('mechanic', {
      firstName: 'Ari',
      lastName: 'Framely',
      location: 'Tulsa, OK',
      mechanicStatus: 'pending',
    });

    const p = {
      jose: person('A7000001', 'JOSE MANUEL', 'OBRIEN VANTZ JR', 'TX', 'AUSTIN'),
      twin1: person('A7000002', 'CHRIS', 'TWINNICK', 'FL', 'TAMPA'),
      twin2: person('A7000003', 'CHRISTOPHER', 'TWINNICK', 'FL', 'MIAMI'), // another first name: not counted
      twin3: person('A7000004', 'CHRIS A', 'TWINNICK', 'FL', 'ORLANDO'),
      ground: person('A7000005', 'GIL', 'GROUNDWELL', 'WA'),
      moved: person('A7000006', 'MORA', 'ELSEWHEN', 'NM'),
      airframe: person('A7000007', 'ARI', 'FRAMELY', 'OK'),
    };
    const extra = {
      people: Object.values(p),
      certs: [
        cert(p.jose, 'M', AP),
        cert(p.jose, 'G', ['G/AGI']),
        cert(p.twin1, 'M', AP),
        cert(p.twin2, 'M', AP),
        cert(p.twin3, 'M', ['M/P']),
        cert(p.ground, 'G', ['G/BGI']),
        cert(p.moved, 'M', AP),
        cert(p.airframe, 'M', ['M/A']),
      ],
    };
    const files = airmenCsv(300, extra);
    expect(files.basic.startsWith(`${NONPILOT_BASIC_HEADER}\r\n`)).toBe(true);
    expect(files.cert.startsWith(`${NONPILOT_CERT_HEADER}\r\n`)).toBe(true);

    const res = await upload(admin, form('2026-11', files.basic, files.cert));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      month: '2026-11',
      monthLabel: 'November 2026',
      status: 'completed',
      rows: files.basicRows + files.certRows,
      basic: { rows: files.basicRows },
      cert: { rows: files.certRows },
    });
    expect(res.body.mechanicsMatched).toBeGreaterThanOrEqual(2);

    const last = await callRoute(ROUTES.adminAirmenFile, { as: admin });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({
      id: res.body.id,
      month: '2026-11',
      rows: files.basicRows + files.certRows,
      mechanicsMatched: res.body.mechanicsMatched,
    });

    // The people of the file holding a mechanic certificate are counted (the ground instructor is not).
    expect(res.body.mechanicRecords).toBe(files.mechanicPeople);

    const verdict = async (m: TestUser) =>
      (await queueEntry(admin, m.id))?.airmen as { verdict: string; sentence: string; ratings: string[] } | null;
    expect(await verdict(jose)).toMatchObject({
      verdict: 'match',
      sentence: 'Found in the FAA airmen file of November 2026: Mechanic, Airframe and Powerplant',
      ratings: ['A', 'P'],
    });
    expect(await verdict(twin)).toMatchObject({ verdict: 'several', sentence: 'Several matches' });
    expect(await verdict(nobody)).toMatchObject({ verdict: 'none', sentence: 'No match' });
    expect(await verdict(ground)).toMatchObject({ verdict: 'none', sentence: 'No match' });
    expect(await verdict(moved)).toMatchObject({ verdict: 'none', sentence: 'No match' });
    expect(await verdict(airframe)).toMatchObject({
      verdict: 'match',
      sentence: 'Found in the FAA airmen file of November 2026: Mechanic, Airframe',
    });
    // Nothing was approved: the setting is off.
    expect((await queueEntry(admin, jose.id))?.status).toBe('pending');
  });

  it('imports in chunks that cut lines, refuses chunks out of order, of the wrong length or without the header', async () => {
    const admin = await createUser('admin');
    const files = airmenCsv(2500, {}, 99);
    const chunkSize = 64 * 1024;
    expect(files.basic.length).toBeGreaterThan(2 * chunkSize);

    const { start, last } = await chunked(admin, '2026-10', files.basic, files.cert, chunkSize);
    expect(start.body).toMatchObject({
      status: 'receiving',
      chunkSize,
      basic: { totalChunks: Math.ceil(Buffer.byteLength(files.basic) / chunkSize), receivedChunks: 0 },
    });
    expect(last.body).toMatchObject({
      status: 'completed',
      month: '2026-10',
      rows: files.basicRows + files.certRows,
      basic: { rows: files.basicRows },
      cert: { rows: files.certRows },
    });
    const mechanics = await testDb()
      .selectFrom('airmenCerts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('importId', '=', start.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(mechanics.n)).toBeGreaterThan(1000);
    // The previous file's rows are gone.
    const others = await testDb().selectFrom('airmenPeople').select('importId').distinct().execute();
    expect(others.map((o) => o.importId)).toEqual([start.body.id]);

    const bytes = Buffer.from(files.basic);
    const job = await callRoute(ROUTES.adminAirmenFileStart, {
      body: { month: '2026-12', basicSize: bytes.byteLength, certSize: 100, chunkSize },
      as: admin,
    });
    expect(job.status).toBe(201);
    const put = (kind: string, index: number | string, body: BodyInit) =>
      call('PUT', `${BASE}/${job.body.id}/${kind}/chunks/${index}`, { rawBody: body, token: admin.token });
    const outOfOrder = await put('basic', 1, bytes.subarray(chunkSize, 2 * chunkSize));
    expect(outOfOrder.status).toBe(409);
    expect(outOfOrder.body.detail).toMatch(/send chunk 0/);
    expect((await put('basic', 0, bytes.subarray(0, 10))).status).toBe(400);
    expect((await put('basic', 'x', bytes.subarray(0, chunkSize))).status).toBe(400);
    expect((await put('pilots', 0, bytes.subarray(0, chunkSize))).status).toBe(404);
    const noHeader = Buffer.alloc(100, 'A');
    noHeader.set(Buffer.from('UNIQUE ID, TYPE\n'));
    const bad = await put('cert', 0, noHeader);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(
      /NONPILOT_CERT\.csv must start with the FAA's header line.*missing: LEVEL, RATING1/,
    );
    expect((await put('basic', 0, bytes.subarray(0, chunkSize))).status).toBe(200);
    expect((await put('basic', 0, bytes.subarray(0, chunkSize))).status).toBe(409);
    expect((await call('PUT', `${BASE}/not-a-uuid/basic/chunks/0`, { rawBody: 'x', token: admin.token })).status).toBe(
      404,
    );

    // The unfinished job is the last import, and a new upload replaces it.
    expect((await callRoute(ROUTES.adminAirmenFile, { as: admin })).body).toMatchObject({
      id: job.body.id,
      status: 'receiving',
      basic: { receivedChunks: 1 },
    });
    const again = await callRoute(ROUTES.adminAirmenFileStart, {
      body: { month: '2026-12', basicSize: 10, certSize: 10 },
      as: admin,
    });
    expect(again.status).toBe(201);
    const replaced = await testDb()
      .selectFrom('airmenImports')
      .select(['status', 'error'])
      .where('id', '=', job.body.id)
      .executeTakeFirstOrThrow();
    expect(replaced).toEqual({ status: 'failed', error: 'Replaced by a newer upload' });
  });

  it('answers 400 with a detail for bad input, never 500', async () => {
    const admin = await createUser('admin');
    const cases: Array<[unknown, RegExp]> = [
      [{ month: '2026-13', basicSize: 10, certSize: 10 }, /Month must be/],
      [{ month: '2026-11', basicSize: 0, certSize: 10 }, /basicSize/],
      [{ month: '2026-11', basicSize: 10 }, /certSize/],
      [{ month: '2026-11', basicSize: 10, certSize: 10, chunkSize: 5 }, /chunkSize/],
    ];
    for (const [body, detail] of cases) {
      const res = await callRoute(ROUTES.adminAirmenFileStart, { unchecked: body, as: admin });
      expect(res.status).toBe(400);
      expect(detailOf(res)).toMatch(detail);
    }
    const noCert = new FormData();
    noCert.set('month', '2026-11');
    noCert.set('basic', new File([`${NONPILOT_BASIC_HEADER}\n`], 'NONPILOT_BASIC.csv'));
    const missing = await upload(admin, noCert);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/cert: attach NONPILOT_CERT\.csv/);
    const badMonth = await upload(admin, form('November', 'x', 'y'));
    expect(badMonth.status).toBe(400);
    const wrongFile = await upload(admin, form('2026-11', 'name,email\nx,y\n', `${NONPILOT_CERT_HEADER}\n`));
    expect(wrongFile.status).toBe(400);
    expect(wrongFile.body.detail).toMatch(/NONPILOT_BASIC\.csv must start with/);
    expect((await callRoute(ROUTES.adminAirmenFile, { as: admin })).body).toMatchObject({ status: 'failed' });
  });

  it('takes the FAA ZIP as downloaded, or the two CSVs under any field names, in one multipart request', async () => {
    const admin = await createUser('admin');
    const files = airmenCsv(300);
    const enc = new TextEncoder();
    const expected = {
      status: 'completed',
      rows: files.basicRows + files.certRows,
      mechanicRecords: files.mechanicPeople,
    };

    // The ZIP as the FAA publishes it (other files beside ours, a folder), under a field of any
    // name and without a month: the month is the ZIP's own date.
    const zip = zipSync(
      {
        'PILOT_BASIC.csv': enc.encode(airmenCsv(20, {}, 7).basic),
        'CS092026/NONPILOT_BASIC.csv': enc.encode(files.basic),
        'CS092026/NONPILOT_CERT.csv': enc.encode(files.cert),
      },
      { mtime: new Date(2026, 8, 10, 12) },
    );
    const zipped = new FormData();
    zipped.set('file', new File([zip], 'CS092026.zip', { type: 'application/zip' }));
    const fromZip = await upload(admin, zipped);
    expect(fromZip.status, fromZip.text).toBe(201);
    expect(fromZip.body).toMatchObject({ ...expected, month: '2026-09', monthLabel: 'September 2026' });

    // Both CSVs under one field name, told apart by their file names; no month: this month.
    const byName = new FormData();
    byName.append('files', new File([files.cert], 'NONPILOT_CERT.csv', { type: 'text/csv' }));
    byName.append('files', new File([files.basic], 'NONPILOT_BASIC.csv', { type: 'text/csv' }));
    const named = await upload(admin, byName);
    expect(named.status, named.text).toBe(201);
    expect(named.body).toMatchObject({ ...expected, month: new Date().toISOString().slice(0, 7) });

    // Files named anything, told apart by their header lines; a date is taken as its month.
    const byHeader = new FormData();
    byHeader.set('month', '2026-10-01');
    byHeader.set('first', new File([files.basic], 'a.csv'));
    byHeader.set('second', new File([files.cert], 'b.csv'));
    const headed = await upload(admin, byHeader);
    expect(headed.status, headed.text).toBe(201);
    expect(headed.body).toMatchObject({ ...expected, month: '2026-10' });
    expect((await callRoute(ROUTES.adminAirmenFile, { as: admin })).body).toMatchObject({
      id: headed.body.id,
      month: '2026-10',
    });

    // What is not the file is refused with the reason, and the last import stays.
    const refusals: Array<[FormData, RegExp]> = [];
    const nothing = new FormData();
    nothing.set('month', '2026-11');
    refusals.push([
      nothing,
      /^No file was attached: attach the FAA's ZIP, or NONPILOT_BASIC\.csv and NONPILOT_CERT\.csv$/,
    ]);
    const strangers = new FormData();
    strangers.set('x', new File(['name,email\nx,y\n'], 'people.csv'));
    strangers.set('y', new File(['id,total\n1,2\n'], 'orders.csv'));
    refusals.push([strangers, /people\.csv, orders\.csv: not NONPILOT_BASIC\.csv or NONPILOT_CERT\.csv/]);
    const wrongZip = new FormData();
    wrongZip.set('file', new File([zipSync({ 'PILOT_BASIC.csv': enc.encode('x') })], 'CS.zip'));
    refusals.push([wrongZip, /The ZIP does not hold NONPILOT_BASIC\.csv or NONPILOT_CERT\.csv/]);
    for (const [body, detail] of refusals) {
      const res = await upload(admin, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await callRoute(ROUTES.adminAirmenFile, { as: admin })).body).toMatchObject({
      id: headed.body.id,
      status: 'completed',
    });
  });

  it('approves a single exact match automatically when the admin turns it on; pilots see the badge on bids', async () => {
    const admin = await createUser('admin');
    const setting = await callRoute(ROUTES.adminSettingSave, {
      params: { category: 'security', key: 'airmen_auto_approve' },
      body: {
        setting_key: 'airmen_auto_approve',
        setting_value: 'true',
        data_type: 'boolean',
        description: 'Approve mechanics found once in the FAA airmen file',
        is_encrypted: false,
      },
      as: admin,
    });
    expect(setting.status).toBe(200);
    const exact = await createUser('mechanic', {
      firstName: 'Quinta',
      lastName: 'Exactson',
      location: 'Helena, MT',
      mechanicStatus: 'pending',
    });
    const several = await createUser('mechanic', {
      firstName: 'Rex',
      lastName: 'Dupliss',
      location: 'Helena, MT',
      mechanicStatus: 'pending',
    });
    const a = person('A6000001', 'QUINTA', 'EXACTSON', 'MT');
    const b1 = person('A6000002', 'REX', 'DUPLISS', 'MT');
    const b2 = person('A6000003', 'REX J', 'DUPLISS', 'MT');
    const files = airmenCsv(50, {
      people: [a, b1, b2],
      certs: [cert(a, 'M', AP), cert(b1, 'M', AP), cert(b2, 'M', AP)],
    });
    const res = await upload(admin, form('2026-11', files.basic, files.cert));
    expect(res.status, res.text).toBe(201);
    expect(res.body.autoApproved).toBeGreaterThanOrEqual(1);
    expect((await queueEntry(admin, exact.id, 'approved'))?.airmen).toMatchObject({ verdict: 'match' });
    expect((await queueEntry(admin, several.id, 'pending'))?.airmen).toMatchObject({ verdict: 'several' });

    // A mechanic who signs up after the import is checked at once.
    const signUp = await callRoute(ROUTES.authRegister, {
      body: {
        role: 'mechanic',
        firstName: 'Quinn',
        lastName: 'Laterly',
        email: `laterly.${Date.now()}@example.com`,
        password: 'Torque-Wrench-88',
        location: 'Missoula, MT',
        certificationNumber: 'A&P 7654321',
        yearsExperience: 5,
        serviceRadius: 50,
        hourlyRate: 90,
      },
    });
    expect(signUp.status, signUp.text).toBe(201);
    expect((await queueEntry(admin, signUp.body.user.id))?.airmen).toMatchObject({
      verdict: 'none',
      sentence: 'No match',
    });

    // The pilot's quote card carries the sentence of a single match, and nothing for the others.
    const pilot = await createUser('pilot');
    const matched = await mechanicWithProfile(
      { baseLocation: 'KBIL', serviceRadius: 5 },
      { firstName: 'Vera', lastName: 'Badgewright' },
    );
    const plain = await mechanicWithProfile(
      { baseLocation: 'KBIL', serviceRadius: 5 },
      { firstName: 'Walt', lastName: 'Unlisted' },
    );
    const v = person('A6000010', 'VERA LYNN', 'BADGEWRIGHT', 'MT');
    const again = airmenCsv(50, { people: [a, v], certs: [cert(a, 'M', AP), cert(v, 'M', AP)] });
    expect((await upload(admin, form('2026-12', again.basic, again.cert))).status).toBe(201);
    const request = await createRequest(pilot, { serviceLocation: 'KBIL', aircraftLocation: 'KBIL' });
    for (const m of [matched, plain])
      expect((await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: m })).status).toBe(
        201,
      );
    const seen = await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot });
    expect(seen.status).toBe(200);
    const bids = seen.body.quotes as Array<{ mechanicId: string; mechanicFaaAirmen?: string }>;
    expect(bids.find((x) => x.mechanicId === matched.id)?.mechanicFaaAirmen).toBe(
      'Found in the FAA airmen file of December 2026: Mechanic, Airframe and Powerplant',
    );
    expect(bids.find((x) => x.mechanicId === plain.id)).not.toHaveProperty('mechanicFaaAirmen');
  });
});

describe('FAA layout fixtures', () => {
  it('write the documented columns, in order, one line per person and per certificate', () => {
    const p = person('A1234567', 'ANNA B', 'SMITH', 'CA');
    expect(basicLine(p).split(',')).toHaveLength(16);
    expect(certLine(cert(p, 'M', AP))).toBe('A1234567,ANNA B,SMITH,M,,,M/A,M/P,,,,,,,,,,');
  });
});
