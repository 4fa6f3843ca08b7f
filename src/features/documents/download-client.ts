import type { VaultDocument } from '../../contract/documents.ts';
import { ApiError } from '../../lib/api-client.ts';
import { $token } from '../../lib/session.ts';

/**
 * Saves a document in the browser. The download call needs the bearer token, which a plain link
 * cannot send, so the file is fetched and handed to a temporary `download` link as a Blob URL
 * (docs/decisions/0060). The URL is revoked once the browser has had time to start saving.
 */
export async function saveDocument(doc: Pick<VaultDocument, 'downloadUrl' | 'fileName'>): Promise<void> {
  const token = $token.get();
  const res = await fetch(doc.downloadUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const data = (await res.json().catch(() => undefined)) as { detail?: unknown } | undefined;
    const detail = typeof data?.detail === 'string' ? data.detail : undefined;
    throw new ApiError(res.status, detail, detail ?? `Download failed with status ${res.status}`);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = doc.fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
