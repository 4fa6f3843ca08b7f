import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/api.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

// Every admin-console route, including the marketing ones the spec's old client sent without a token.
const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/config'],
  ['GET', '/api/admin/config/api-keys'],
  ['GET', '/api/admin/config/api-keys/stripe'],
  ['POST', '/api/admin/config/api-keys?integration_type=stripe', { key_name: 'x', api_key: 'y' }],
  ['PUT', `/api/admin/config/api-keys/${SOME_ID}/status?status=inactive`],
  ['POST', '/api/admin/config/api-keys/stripe/rotate?batch_size=3'],
  ['POST', '/api/admin/config/test-integration/stripe'],
  ['GET', '/api/admin/config/settings'],
  ['GET', '/api/admin/config/settings/general'],
  ['PUT', '/api/admin/config/settings/general/site_name', { setting_value: 'x' }],
  ['GET', '/api/admin/config/referral-program'],
  ['PUT', '/api/admin/config/referral-program', { reward_amount: 1, min_booking_amount: 1, share_message: 'x' }],
  ['GET', '/api/admin/config/email-templates'],
  ['POST', '/api/admin/config/email-templates', { name: 'x' }],
  ['PUT', `/api/admin/config/email-templates/${SOME_ID}`, { name: 'x' }],
  ['PUT', `/api/admin/config/email-templates/${SOME_ID}/status?active=false`],
  ['POST', `/api/admin/config/email-templates/${SOME_ID}/preview`],
  ['GET', '/api/admin/customers'],
  ['GET', '/api/apollo/suggested-keywords'],
  ['GET', '/api/apollo/states'],
  ['GET', '/api/apollo/analytics'],
  ['GET', '/api/apollo/leads?per_page=100'],
  ['PUT', '/api/apollo/leads/tags', { lead_ids: [SOME_ID], tags: ['x'] }],
  ['POST', '/api/apollo/search', { keywords: ['pilot'], test_mode: true }],
];

describe('admin console routes', () => {
  let pilot: TestUser;
  let mechanic: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    [pilot, mechanic, admin] = await Promise.all([createUser('pilot'), createUser('mechanic'), createUser('admin')]);
  });

  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path}: 401 without a token, 403 for pilot and mechanic`, async () => {
      const anonymous = await call(method, path, { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.detail).toBeTruthy();
      for (const user of [pilot, mechanic]) {
        const res = await call(method, path, { body, token: user.token });
        expect(res.status).toBe(403);
        expect(res.body.detail).toBeTruthy();
      }
    });
  }

  it('answers an admin on every read route', async () => {
    for (const [method, path] of ROUTES.filter(([m]) => m === 'GET')) {
      const res = await call(method, path, { token: admin.token });
      expect(res.status, path).toBe(200);
      expect(res.body.success, path).toBe(true);
    }
  });
});
