import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/** The demo administrator's password of the e2e server (generated into its secrets file). */
export function demoAdminPassword(): string {
  const file = path.resolve(process.env['E2E_SECRETS_FILE'] ?? '.data/e2e/postgres-secrets.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { DEMO_ADMIN_PASSWORD: string }).DEMO_ADMIN_PASSWORD;
}

/**
 * The demo administrator's access token, signed in once per test worker: each sign-in costs a
 * full argon2id hash on the server, and the approvals below need only a token.
 */
let adminToken: Promise<string> | undefined;
async function signInAdmin(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: demoAdminPassword() },
  });
  if (!login.ok()) throw new Error(`admin sign-in: ${login.status()} ${await login.text()}`);
  return ((await login.json()) as { access_token: string }).access_token;
}

/**
 * Approves a mechanic who registered in a browser test, as an administrator does in the console
 * (new mechanics start pending: docs/decisions/0093-mechanic-vetting.md). Called again after the
 * profile is saved, it verifies the certificate number and IA the profile names (0180).
 */
export async function approveMechanicAsAdmin(request: APIRequestContext, mechanicId: string): Promise<void> {
  const approve = async (token: string) =>
    request.post(`/api/admin/mechanics/${mechanicId}/approve`, { headers: { authorization: `Bearer ${token}` } });
  adminToken ??= signInAdmin(request).catch((error: unknown) => {
    adminToken = undefined;
    throw error;
  });
  let res = await approve(await adminToken);
  // The kept token was revoked (a test signed the administrator out everywhere): sign in again.
  if (res.status() === 401) {
    adminToken = signInAdmin(request);
    res = await approve(await adminToken);
  }
  if (!res.ok()) throw new Error(`approve mechanic: ${res.status()} ${await res.text()}`);
}

/**
 * A mechanic an administrator has vetted, with the profile given saved and its credentials (the
 * A&P number, the IA) verified after it, as signing requires (docs/decisions/0180).
 */
export async function vettedMechanicWithProfile(
  request: APIRequestContext,
  mechanic: { id: string; headers: Record<string, string> },
  profile: Record<string, unknown>,
  options: { verifyCredentials?: boolean } = {},
): Promise<void> {
  await approveMechanicAsAdmin(request, mechanic.id);
  const res = await request.post('/api/enhanced/mechanic-profile', { headers: mechanic.headers, data: profile });
  if (res.status() !== 201) throw new Error(`mechanic profile: ${res.status()} ${await res.text()}`);
  if (options.verifyCredentials ?? true) await approveMechanicAsAdmin(request, mechanic.id);
}
