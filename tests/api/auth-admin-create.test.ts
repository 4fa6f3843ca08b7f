import { describe, expect, it } from 'vitest';
import { AdminCreateError, createAdmin } from '../../src/features/auth/admin-create.server.ts';
import { uniqueEmail } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// The core of `npm run admin:create`, against the API tests' database.
describe('createAdmin (npm run admin:create)', () => {
  it('creates an administrator with a generated password that signs in at once', async () => {
    const email = uniqueEmail('Boss');
    const result = await createAdmin(testDb(), { email, firstName: 'Bea', lastName: 'Boss' });
    expect(result.action).toBe('created');
    expect(result.user).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Bea',
      lastName: 'Boss',
      role: 'admin',
    });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const login = await callRoute(ROUTES.authLogin, { body: { email, password: result.generatedPassword! } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
    const stats = await callRoute(ROUTES.adminDashboard, { as: login.body.access_token });
    expect(stats.status).toBe(200);
  });

  it('uses a given password and default names', async () => {
    const email = uniqueEmail('admin');
    const result = await createAdmin(testDb(), { email, password: 'A-long-admin-passphrase' });
    expect(result.generatedPassword).toBeUndefined();
    expect(result.user).toMatchObject({ firstName: 'Site', lastName: 'Administrator', role: 'admin' });
    expect((await callRoute(ROUTES.authLogin, { body: { email, password: 'A-long-admin-passphrase' } })).status).toBe(
      200,
    );
  });

  it('refuses a short password and a bad email', async () => {
    await expect(createAdmin(testDb(), { email: uniqueEmail(), password: 'short-pass' })).rejects.toThrow(
      'An administrator password must be at least 12 characters',
    );
    await expect(createAdmin(testDb(), { email: 'nope' })).rejects.toThrow(AdminCreateError);
  });

  it('refuses an email that is already an administrator', async () => {
    const email = uniqueEmail('admin');
    await createAdmin(testDb(), { email });
    await expect(createAdmin(testDb(), { email: email.toUpperCase() })).rejects.toThrow(/already an administrator/);
  });

  it('refuses a pilot or mechanic account unless --promote, then promotes keeping the password', async () => {
    const mechanic = await createUser('mechanic');
    await expect(createAdmin(testDb(), { email: mechanic.email })).rejects.toThrow(
      /already has a mechanic account.*--promote/,
    );
    const still = await testDb()
      .selectFrom('users')
      .select('role')
      .where('id', '=', mechanic.id)
      .executeTakeFirstOrThrow();
    expect(still.role).toBe('mechanic');

    const result = await createAdmin(testDb(), { email: mechanic.email, promote: true });
    expect(result.action).toBe('promoted');
    expect(result.user.role).toBe('admin');
    expect(result.generatedPassword).toBeUndefined();
    // The old token now carries admin rights: the guards read the role from the database.
    expect((await callRoute(ROUTES.adminDashboard, { as: mechanic })).status).toBe(200);
    expect(
      (await callRoute(ROUTES.authLogin, { body: { email: mechanic.email, password: mechanic.password } })).status,
    ).toBe(200);
  });
});
