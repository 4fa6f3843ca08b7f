import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/** The demo administrator's password of the e2e server (generated into its secrets file). */
export function demoAdminPassword(): string {
  const file = path.resolve(process.env['E2E_SECRETS_FILE'] ?? '.data/e2e/postgres-secrets.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { DEMO_ADMIN_PASSWORD: string }).DEMO_ADMIN_PASSWORD;
}

/**
 * Approves a mechanic who registered in a browser test, as an administrator does in the console
 * (new mechanics start pending: docs/decisions/0093-mechanic-vetting.md).
 */
export async function approveMechanicAsAdmin(request: APIRequestContext, mechanicId: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@example.com', password: demoAdminPassword() } });
  if (!login.ok()) throw new Error(`admin sign-in: ${login.status()} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const res = await request.post(`/api/admin/mechanics/${mechanicId}/approve`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`approve mechanic: ${res.status()} ${await res.text()}`);
}
