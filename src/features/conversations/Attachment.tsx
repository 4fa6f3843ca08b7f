import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Attachment } from '../../contract/conversations.ts';
import { pathOf } from '../../contract/routes/route.ts';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { ApiError } from '../../lib/api-client.ts';
import { $token } from '../../lib/session.ts';
import { saveDocument } from '../documents/download-client.ts';

const urlOf = (conversationId: string, a: Attachment) =>
  pathOf(ROUTES.conversationAttachment, { params: { id: conversationId, documentId: a.documentId } });

/** A photo shows as a picture (fetched with the bearer token); any file saves on a click. */
export function AttachmentView({
  conversationId,
  attachment,
  onLoad,
}: {
  conversationId: string;
  attachment: Attachment;
  onLoad?: () => void;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const image = attachment.type.startsWith('image/');
  useEffect(() => {
    if (!image) return;
    let url: string | null = null;
    let alive = true;
    const token = $token.get();
    fetch(urlOf(conversationId, attachment), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || !alive) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch((e: unknown) => console.warn('Loading an attachment failed', e));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [conversationId, attachment, image]);
  const save = () =>
    saveDocument({ downloadUrl: urlOf(conversationId, attachment), fileName: attachment.name }).catch((e: unknown) =>
      toast.error('Download failed', { description: e instanceof ApiError ? e.detail : undefined }),
    );
  return (
    <button
      type="button"
      onClick={() => void save()}
      className="mt-1 block max-w-full rounded-md text-left focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      aria-label={`Download ${attachment.name}`}
    >
      {image && src ? (
        <img
          src={src}
          alt={attachment.name}
          onLoad={onLoad}
          className="max-h-56 max-w-full rounded-md border border-border object-contain"
          data-attachment-image
        />
      ) : (
        <span className="inline-flex items-center gap-1.5 rounded-md border border-border bg-background px-2 py-1 text-sm">
          <FileText className="h-4 w-4" aria-hidden="true" />
          {attachment.name}
        </span>
      )}
    </button>
  );
}
