import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { openSignedIn, type ApiSession } from './e2e-session.ts';

/** The demo administrator's password of the e2e server (generated into its secrets file). */
export function demoAdminPassword(): string {
  const file = path.resolve(process.env['E2E_SECRETS_FILE'] ?? '.data/e2e/postgres-secrets.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { DEMO_ADMIN_PASSWORD: string }).DEMO_ADMIN_PASSWORD;
}

/**
 * The demo administrator's session, signed in once per test worker: each sign-in costs a full
 * argon2id hash on the server, and the approvals and console walks below need only a token.
 */
let adminSession: Promise<ApiSession> | undefined;
async function signInAdmin(request: APIRequestContext): Promise<ApiSession> {
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: demoAdminPassword() },
  });
  if (!login.ok()) throw new Error(`admin sign-in: ${login.status()} ${await login.text()}`);
  return (await login.json()) as ApiSession;
}

/** The worker's administrator session, signed in again when a test revoked the kept one (signing out). */
async function liveAdminSession(request: APIRequestContext): Promise<ApiSession> {
  const kept = await adminSession?.catch(() => undefined);
  if (kept) {
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${kept.access_token}` } });
    if (me.ok()) return kept;
  }
  adminSession = signInAdmin(request);
  adminSession.catch(() => (adminSession = undefined));
  return adminSession;
}

/**
 * Opens the admin console (or `path`) signed in as the demo administrator, as the console's sign-in
 * form leaves a browser (tests/helpers/e2e-session.ts). For tests whose subject is the console; the
 * form itself, and a pilot refused by it, are tested in tests/e2e/auth.spec.ts.
 */
export async function signInToConsole(page: Page, path = '/admin'): Promise<void> {
  await openSignedIn(page, await liveAdminSession(page.request), path);
  await expect(page.getByRole('button', { name: 'System Config' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Approves a mechanic who registered in a browser test, as an administrator does in the console
 * (new mechanics start pending: docs/decisions/0093-mechanic-vetting.md). The approval names what
 * it verifies (docs/decisions/0350): the values read from the queue, the IA checked too. Called
 * again after the profile is saved, it verifies the certificate number and IA the profile names.
 */
export async function approveMechanicAsAdmin(request: APIRequestContext, mechanicId: string): Promise<void> {
  const approve = async (token: string) => {
    const headers = { authorization: `Bearer ${token}` };
    const shown = await queuedMechanic(request, headers, mechanicId);
    if (!shown) return null;
    return request.post(`/api/admin/mechanics/${mechanicId}/approve`, {
      headers,
      data: { ...shown.toVerify, verifyIa: shown.toVerify.iaAuthorization },
    });
  };
  adminSession ??= signInAdmin(request);
  adminSession.catch(() => (adminSession = undefined));
  let res = await approve((await adminSession).access_token).catch(() => undefined);
  // The kept token was revoked (a test signed the administrator out everywhere): sign in again.
  if (res === undefined || res?.status() === 401) {
    adminSession = signInAdmin(request);
    res = await approve((await adminSession).access_token);
  }
  if (res && !res.ok()) throw new Error(`approve mechanic: ${res.status()} ${await res.text()}`);
}

interface Queued {
  id: string;
  toVerify: { apNumber: string | null; iaAuthorization: boolean };
}

/** The mechanic as the queue shows them, read page by page (null: nothing of theirs waits). */
async function queuedMechanic(
  request: APIRequestContext,
  headers: Record<string, string>,
  id: string,
): Promise<Queued | null> {
  let url: string | null = '/api/admin/mechanics?status=pending&limit=100';
  while (url) {
    const page: APIResponse = await request.get(url, { headers });
    if (page.status() === 401) throw new Error('admin token revoked');
    if (!page.ok()) throw new Error(`mechanic queue: ${page.status()} ${await page.text()}`);
    const found = ((await page.json()) as Queued[]).find((m) => m.id === id);
    if (found) return found;
    const next: string | undefined = page.headers()['x-next-cursor'];
    url = next ? `/api/admin/mechanics?status=pending&limit=100&cursor=${encodeURIComponent(next)}` : null;
  }
  return null;
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

/**
 * A certificate number no other account of the e2e server holds: a verified number belongs to one
 * approved account (docs/decisions/0350), and the server's database outlives runs.
 */
export function uniqueCertificateNumber(): string {
  return String(randomInt(1_000_000, 10_000_000));
}
