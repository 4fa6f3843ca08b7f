import type { IntegrationType, ReferralProgramInput, EmailTemplateInput, SettingCategory } from '../../../contract/admin-config.ts';
import { CONFIG_LIMITS } from '../../../contract/admin-config.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { ApiError, call } from '../../../lib/api-client.ts';

/** The System Configuration calls (docs/product.md, "Admin console"), each answering its `data`. */
const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const configApi = {
  addKey: (integration: IntegrationType, form: FormData) =>
    data(call(ROUTES.adminApiKeyCreate, { query: { integration_type: integration }, body: form })),
  setKeyStatus: (id: string, status: 'active' | 'inactive') => data(call(ROUTES.adminApiKeyStatus, { params: { id }, query: { status } })),
  previewRotation: (integration: IntegrationType) =>
    call(ROUTES.adminApiKeyRotatePreview, { params: { integration }, query: { batch_size: CONFIG_LIMITS.rotateBatchSize } }).then((r) => r.data),
  rotate: (integration: IntegrationType) =>
    call(ROUTES.adminApiKeyRotate, { params: { integration }, query: { batch_size: CONFIG_LIMITS.rotateBatchSize } }),
  test: (integration: IntegrationType, keyId?: string) =>
    call(ROUTES.adminTestIntegration, { params: { integration }, query: { key_id: keyId } }),
  putSetting: (category: SettingCategory, key: string, form: FormData) =>
    data(call(ROUTES.adminSettingSave, { params: { category, key }, body: form })),
  putReferral: (body: ReferralProgramInput) => data(call(ROUTES.adminReferralSave, { body })),
  createTemplate: (body: EmailTemplateInput) => data(call(ROUTES.adminTemplateCreate, { body })),
  updateTemplate: (id: string, body: EmailTemplateInput) => data(call(ROUTES.adminTemplateUpdate, { params: { id }, body })),
  setTemplateActive: (id: string, active: boolean) =>
    data(call(ROUTES.adminTemplateStatus, { params: { id }, query: { active } })),
  previewTemplate: (id: string) => data(call(ROUTES.adminTemplatePreview, { params: { id } })),
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
