import type { IntegrationType } from '../../../contract/admin-config.ts';
import { CONFIG_LIMITS } from '../../../contract/admin-config.ts';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { ApiError, call } from '../../../lib/api-client.ts';

/**
 * The System Configuration's reads that a screen asks for on a click (the rotation preview, a
 * template's preview), each answering its `data`. Its writes go through `useWrite` in each tab.
 */
export const configApi = {
  previewRotation: (integration: IntegrationType) =>
    call(ROUTES.adminApiKeyRotatePreview, {
      params: { integration },
      query: { batch_size: CONFIG_LIMITS.rotateBatchSize },
    }).then((r) => r.data),
  previewTemplate: (id: string) => call(ROUTES.adminTemplatePreview, { params: { id } }).then((r) => r.data),
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
