import { randomBytes, scryptSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../src/server/auth/token.server.ts';
import { api, uniqueEmail } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, errorsOf, detailOf } from '../helpers/call-route.ts';

const pilotForm = (overrides: Record<string, unknown> = {}) => ({
  role: 'pilot',
  firstName: 'Amelia',
  lastName: 'Earhart',
  email: uniqueEmail('pilot'),
  password: 'Electra-1937',
  phone: '(415) 555-0100',
  location: 'Oakland, CA',
  certificationNumber: '',
  yearsExperience: '',
  serviceRadius: '',
  hourlyRate: '',
  ...overrides,
});

const mechanicForm = (overrides: Record<string, unknown> = {}) =>
  pilotForm({
    role: 'mechanic',
    firstName: 'Frank',
    lastName: 'Wrench',
    email: uniqueEmail('mechanic'),
    certificationNumber: '3456789',
    yearsExperience: 12,
    serviceRadius: 150,
    hourlyRate: 95.5,
    ...overrides,
  });

const PUBLIC_USER_KEYS = [
  'certificationNumber',
  'createdAt',
  'email',
  'firstName',
  'hourlyRate',
  'id',
  'lastName',
  'location',
  'phone',
  'role',
  'serviceRadius',
  'yearsExperience',
];

const secret = () => new TextEncoder().encode(process.env['JWT_SECRET']!);
const sign = (
  claims: Record<string, unknown>,
  opts: { iss?: string; aud?: string; exp?: number | null; sub: string; key?: Uint8Array },
) => {
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(opts.sub)
    .setJti(crypto.randomUUID())
    .setIssuedAt();
  jwt = jwt.setIssuer(opts.iss ?? TOKEN_ISSUER).setAudience(opts.aud ?? TOKEN_AUDIENCE);
  if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600);
  return jwt.sign(opts.key ?? secret());
};

describe('POST /api/auth/register', () => {
  it('registers a pilot and answers a bearer token and the public user', async () => {
    const form = pilotForm({ email: uniqueEmail('Pilot.Case').replace('pilot.case', 'Pilot.Case') });
    const res = await callRoute(ROUTES.authRegister, { body: form });
    expect(res.status).toBe(201);
    expect(res.body.token_type).toBe('bearer');
    expect(typeof res.body.access_token).toBe('string');
    expect(Object.keys(res.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(res.body.user).toMatchObject({
      email: form.email.toLowerCase(),
      firstName: 'Amelia',
      lastName: 'Earhart',
      role: 'pilot',
      phone: '(415) 555-0100',
      location: 'Oakland, CA',
      certificationNumber: null,
      yearsExperience: null,
      serviceRadius: null,
      hourlyRate: null,
    });
    expect(res.text).not.toMatch(/argon2|scrypt|passwordHash|password_hash/);

    const stored = await testDb()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', res.body.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(stored.passwordHash).not.toContain(form.password);

    const me = await callRoute(ROUTES.authMe, { as: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(res.body.user);
  });

  it('registers a mechanic with the mechanic fields as numbers', async () => {
    const res = await callRoute(ROUTES.authRegister, {
      body: mechanicForm({ yearsExperience: '22', hourlyRate: '115.25', serviceRadius: 150 }),
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      role: 'mechanic',
      certificationNumber: '3456789',
      yearsExperience: 22,
      serviceRadius: 150,
      hourlyRate: 115.25,
    });
  });

  it('accepts a mechanic whose optional numbers are empty or null, and a numeric certificate', async () => {
    const res = await callRoute(ROUTES.authRegister, {
      body: mechanicForm({ certificationNumber: 1234567, yearsExperience: null, serviceRadius: '', hourlyRate: null }),
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      certificationNumber: '1234567',
      yearsExperience: null,
      serviceRadius: null,
      hourlyRate: null,
    });
  });

  it('drops mechanic fields sent for a pilot', async () => {
    const res = await callRoute(ROUTES.authRegister, {
      body: pilotForm({ certificationNumber: '999', yearsExperience: 3, hourlyRate: 50 }),
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ certificationNumber: null, yearsExperience: null, hourlyRate: null });
  });

  it('refuses to self-register an administrator, however it is asked', async () => {
    for (const payload of [
      pilotForm({ role: 'admin' }),
      pilotForm({ role: 'ADMIN' }),
      pilotForm({ role: 'superuser' }),
    ]) {
      const res = await callRoute(ROUTES.authRegister, { body: payload });
      expect(res.status).toBe(400);
      expect(errorsOf(res)![0]!.path).toBe('role');
      expect(detailOf(res)).toMatch(/role|Administrator/i);
      const rows = await testDb().selectFrom('users').select('id').where('email', '=', payload.email).execute();
      expect(rows).toHaveLength(0);
    }
    const admin = await callRoute(ROUTES.authRegister, { body: pilotForm({ role: 'admin' }) });
    expect(detailOf(admin)).toBe('Administrator accounts cannot be created by sign-up');
  });

  it('ignores extra fields that try to escalate the role', async () => {
    const form = pilotForm({
      isAdmin: true,
      is_admin: true,
      admin: true,
      roles: ['admin'],
      passwordHash: 'x',
      id: '00000000-0000-0000-0000-000000000000',
    });
    const res = await callRoute(ROUTES.authRegister, { body: form });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('pilot');
    expect(res.body.user.id).not.toBe('00000000-0000-0000-0000-000000000000');
    const dashboard = await callRoute(ROUTES.adminDashboard, { as: res.body.access_token });
    expect(dashboard.status).toBe(403);
  });

  it('refuses a duplicate email, case-insensitively, with 400', async () => {
    const email = uniqueEmail('dup');
    expect((await callRoute(ROUTES.authRegister, { body: pilotForm({ email }) })).status).toBe(201);
    const again = await callRoute(ROUTES.authRegister, { body: mechanicForm({ email: email.toUpperCase() }) });
    expect(again.status).toBe(400);
    expect(detailOf(again)).toBe('User already exists with this email address');
    const rows = await testDb()
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("signs up a pilot when no role is sent (the form's default)", async () => {
    const form: Record<string, unknown> = mechanicForm({ email: uniqueEmail('norole') });
    delete form['role'];
    const res = await callRoute(ROUTES.authRegister, { unchecked: form });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('pilot');
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['password', 'Password is required'],
  ])('refuses a sign-up without %s (400)', async (field, detail) => {
    const form: Record<string, unknown> = pilotForm();
    delete form[field];
    const res = await callRoute(ROUTES.authRegister, { unchecked: form });
    expect(res.status).toBe(400);
    expect(detailOf(res)).toBe(detail);
    expect(errorsOf(res)![0]!.path).toBe(field);
  });

  it.each([
    ['firstName', '   ', 'First name is required'],
    ['email', 'not-an-email', 'Enter a valid email address'],
    ['password', 'short', 'Password must be at least 8 characters'],
    ['password', 'x'.repeat(129), 'Password must be at most 128 characters'],
    ['phone', 'call me', 'Phone must be a valid phone number'],
  ])('refuses an invalid %s (400)', async (field, value, detail) => {
    const res = await callRoute(ROUTES.authRegister, { body: pilotForm({ [field]: value }) });
    expect(res.status).toBe(400);
    expect(detailOf(res)).toBe(detail);
  });

  it('refuses mechanic numbers that are not numbers or out of range', async () => {
    const years = await callRoute(ROUTES.authRegister, { body: mechanicForm({ yearsExperience: 'ten' }) });
    expect(years.status).toBe(400);
    expect(detailOf(years)).toBe('Years of experience must be a whole number between 0 and 80');
    const radius = await callRoute(ROUTES.authRegister, { body: mechanicForm({ serviceRadius: -5 }) });
    expect(radius.status).toBe(400);
    const rate = await callRoute(ROUTES.authRegister, { body: mechanicForm({ hourlyRate: { amount: 5 } }) });
    expect(rate.status).toBe(400);
    expect(detailOf(rate)).toBe('Hourly rate must be a number');
  });

  it('answers 400 to a body that is not JSON and 405 to GET', async () => {
    const bad = await callRoute(ROUTES.authRegister, { headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const raw = await api.post('/api/auth/register', undefined, { rawBody: '{oops' });
    expect(raw.status).toBe(400);
    expect(raw.body.detail).toBe('Request body must be valid JSON');
    expect((await api.get('/api/auth/register')).status).toBe(405);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const user = await createUser('mechanic');
    const res = await callRoute(ROUTES.authLogin, {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('bearer');
    expect(res.body.expires_in).toBe(8 * 3600);
    expect(Object.keys(res.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(res.body.user).toMatchObject({
      id: user.id,
      role: 'mechanic',
      yearsExperience: 10,
      serviceRadius: 50,
      hourlyRate: 95,
    });
    const me = await callRoute(ROUTES.authMe, { as: res.body.access_token });
    expect(me.body.user.id).toBe(user.id);
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const user = await createUser('pilot');
    const wrong = await callRoute(ROUTES.authLogin, { body: { email: user.email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Invalid email or password' });
    const unknown = await callRoute(ROUTES.authLogin, {
      body: { email: uniqueEmail('nobody'), password: 'not-the-password' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses missing fields with 400', async () => {
    const noPassword = await callRoute(ROUTES.authLogin, { unchecked: { email: uniqueEmail() } });
    expect(noPassword.status).toBe(400);
    expect(detailOf(noPassword)).toBe('Password is required');
    const noEmail = await callRoute(ROUTES.authLogin, { unchecked: { password: 'whatever-123' } });
    expect(noEmail.status).toBe(400);
    expect(detailOf(noEmail)).toBe('Email is required');
  });

  it('signs in a user who just registered', async () => {
    const form = pilotForm();
    await callRoute(ROUTES.authRegister, { body: form });
    const res = await callRoute(ROUTES.authLogin, { body: { email: form.email, password: form.password } });
    expect(res.status).toBe(200);
    expect(res.body.user.firstName).toBe('Amelia');
  });

  it('keeps signing in accounts stored as scrypt, and re-hashes them as argon2id', async () => {
    const user = await createUser('pilot', { password: 'Legacy-Hash-2025' });
    // A hash written before argon2id: scrypt N=2^10 of the same password, in the old stored form.
    const salt = randomBytes(16);
    const key = scryptSync('Legacy-Hash-2025', salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const legacy = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await testDb().updateTable('users').set({ passwordHash: legacy }).where('id', '=', user.id).execute();

    const wrong = await callRoute(ROUTES.authLogin, { body: { email: user.email, password: 'Legacy-Hash-2024' } });
    expect(wrong.status).toBe(401);
    const stillLegacy = await testDb()
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stillLegacy.passwordHash).toBe(legacy);

    const res = await callRoute(ROUTES.authLogin, { body: { email: user.email, password: 'Legacy-Hash-2025' } });
    expect(res.status).toBe(200);
    const upgraded = await testDb()
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(upgraded.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    const again = await callRoute(ROUTES.authLogin, { body: { email: user.email, password: 'Legacy-Hash-2025' } });
    expect(again.status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a token or with a malformed header', async () => {
    const none = await callRoute(ROUTES.authMe);
    expect(none.status).toBe(401);
    expect(detailOf(none)).toBe('Authentication required');
    const garbage = await callRoute(ROUTES.authMe, { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(garbage.status).toBe(401);
    const basic = await callRoute(ROUTES.authMe, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
  });

  it('refuses tampered, expired, wrong-audience, wrong-issuer, wrong-key, unsigned and exp-less tokens', async () => {
    const user = await createUser('pilot');
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;
    const now = Math.floor(Date.now() / 1000);
    const tokens = {
      tampered,
      expired: await sign({ role: 'pilot' }, { sub: user.id, exp: now - 60 }),
      wrongAudience: await sign({ role: 'pilot' }, { sub: user.id, aud: 'someone-else' }),
      wrongIssuer: await sign({ role: 'pilot' }, { sub: user.id, iss: 'evil' }),
      wrongKey: await sign(
        { role: 'pilot' },
        { sub: user.id, key: new TextEncoder().encode('another-secret-of-sufficient-length-123456') },
      ),
      noExpiry: await sign({ role: 'pilot' }, { sub: user.id, exp: null }),
      algNone: new UnsecuredJWT({ role: 'pilot' })
        .setSubject(user.id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('1h')
        .encode(),
      notAUuidSubject: await sign({ role: 'pilot' }, { sub: 'robert); drop table users;--' }),
      deletedUser: await sign({ role: 'pilot' }, { sub: '00000000-0000-4000-8000-000000000000' }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const res = await callRoute(ROUTES.authMe, { as: token });
      expect(res.status, name).toBe(401);
      expect(detailOf(res), name).toBe('Your session is invalid or has expired. Please sign in again.');
    }
    // The same claims, signed properly, are accepted: the refusals above are for the right reasons.
    expect((await callRoute(ROUTES.authMe, { as: await sign({ role: 'pilot' }, { sub: user.id }) })).status).toBe(200);
  });

  it('reads the role from the database, not from the token', async () => {
    const user = await createUser('pilot');
    const claimsAdmin = await sign({ role: 'admin' }, { sub: user.id });
    const me = await callRoute(ROUTES.authMe, { as: claimsAdmin });
    expect(me.body.user.role).toBe('pilot');
    expect((await callRoute(ROUTES.adminDashboard, { as: claimsAdmin })).status).toBe(403);
  });
});
