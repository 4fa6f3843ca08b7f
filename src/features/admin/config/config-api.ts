import type {
  ApiKeyView,
  EmailPreview,
  EmailTemplateInput,
  EmailTemplateView,
  IntegrationTestResult,
  IntegrationType,
  ReferralProgramInput,
  ReferralProgramView,
  SettingCategory,
  SettingView,
} from '../../../contract/admin-config.ts';
import { CONFIG_LIMITS } from '../../../contract/admin-config.ts';
import { api, ApiError } from '../../../lib/api-client.ts';

/** The System Configuration calls (spec section 7, "Admin configuration"), each answering `data`. */
interface Data<T> {
  success: boolean;
  data: T;
}
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export const configApi = {
  listKeys: (integration: IntegrationType) => data(api<Data<ApiKeyView[]>>(`/admin/config/api-keys/${integration}`)),
  /** Every integration's keys in one call (each call is a function invocation: fewer is faster). */
  listAllKeys: () => data(api<Data<ApiKeyView[]>>('/admin/config/api-keys')),
  addKey: (integration: IntegrationType, form: FormData) =>
    data(
      api<Data<ApiKeyView>>(`/admin/config/api-keys?integration_type=${integration}`, { method: 'POST', body: form }),
    ),
  setKeyStatus: (id: string, status: 'active' | 'inactive') =>
    data(api<Data<ApiKeyView>>(`/admin/config/api-keys/${id}/status?status=${status}`, { method: 'PUT' })),
  rotate: (integration: IntegrationType) =>
    api<{ success: boolean; message: string }>(
      `/admin/config/api-keys/${integration}/rotate?batch_size=${CONFIG_LIMITS.rotateBatchSize}`,
      { method: 'POST' },
    ),
  test: (integration: IntegrationType, keyId?: string) =>
    api<IntegrationTestResult>(`/admin/config/test-integration/${integration}${keyId ? `?key_id=${keyId}` : ''}`, {
      method: 'POST',
    }),
  settings: (category: SettingCategory) => data(api<Data<SettingView[]>>(`/admin/config/settings/${category}`)),
  allSettings: () => data(api<Data<SettingView[]>>('/admin/config/settings')),
  putSetting: (category: SettingCategory, key: string, form: FormData) =>
    data(
      api<Data<SettingView>>(`/admin/config/settings/${category}/${encodeURIComponent(key)}`, {
        method: 'PUT',
        body: form,
      }),
    ),
  referral: () => data(api<Data<ReferralProgramView>>('/admin/config/referral-program')),
  putReferral: (body: ReferralProgramInput) =>
    data(api<Data<ReferralProgramView>>('/admin/config/referral-program', { method: 'PUT', body })),
  templates: () => data(api<Data<EmailTemplateView[]>>('/admin/config/email-templates')),
  createTemplate: (body: EmailTemplateInput) =>
    data(api<Data<EmailTemplateView>>('/admin/config/email-templates', { method: 'POST', body })),
  updateTemplate: (id: string, body: EmailTemplateInput) =>
    data(api<Data<EmailTemplateView>>(`/admin/config/email-templates/${id}`, { method: 'PUT', body })),
  setTemplateActive: (id: string, active: boolean) =>
    data(
      api<Data<EmailTemplateView>>(`/admin/config/email-templates/${id}/status?active=${active}`, { method: 'PUT' }),
    ),
  previewTemplate: (id: string) =>
    data(api<Data<EmailPreview>>(`/admin/config/email-templates/${id}/preview`, { method: 'POST' })),
};

/** The server's sentence when it gave one (validation), for a toast's description. */
export function serverDetail(error: unknown): string | undefined {
  return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.detail : undefined;
}

/** Toast options carrying the server's detail as the description when there is one. */
export function withDetail(error: unknown): { description?: string } {
  const detail = serverDetail(error);
  return detail ? { description: detail } : {};
}
