import { FolderOpen, Paperclip, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { CharacterCount, FieldError, Textarea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  CONVERSATION_MESSAGES,
  CONVERSATIONS,
  SendMessageSchema,
  type ConversationSummary,
  type ThreadMessage,
} from '../../contract/conversations.ts';
import { maskContacts } from '../../contract/contact-mask.ts';
import { ACCEPT_ATTRIBUTE } from '../../contract/documents.ts';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { ApiError } from '../../lib/api-client.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { checkBeforeUpload, uploadDocument } from '../documents/upload-client.ts';
import { VaultPicker } from './VaultPicker.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';

interface Pending {
  documentId: string;
  name: string;
}

/** The message as sent: its text and the documents attached (their names are shown beside, from `Pending`). */
interface Values {
  text: string;
  documentIds: string[];
}

const EMPTY: Values = { text: '', documentIds: [] };

/**
 * The composer: text up to 4,000 characters with the usual counter, files uploaded on the spot
 * through the vault's upload path (10 MB, types checked by content) and filed with the request,
 * and, before a quote is accepted, a word on why contact details will be hidden, shown as the
 * writer types them, before sending.
 */
export function Composer({
  conversation,
  canAttach,
  onSent,
}: {
  conversation: ConversationSummary;
  canAttach: boolean;
  onSent: (m: ThreadMessage) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    placeErrors,
    setValue,
    watch,
    formState: { errors },
  } = useContractForm<Values>(SendMessageSchema, EMPTY, { fields: ['text'] });
  const text = watch('text');
  // The attached files with their names; the form holds their ids (what is sent and checked).
  const [files, setFiles] = useState<Pending[]>([]);
  useEffect(
    () =>
      setValue(
        'documentIds',
        files.map((f) => f.documentId),
      ),
    [files, setValue],
  );
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const willMask = !conversation.accepted && maskContacts(text).masked;

  const attach = async (file: File) => {
    const problem = await checkBeforeUpload(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(true);
    try {
      const doc = await uploadDocument(file, {
        title: file.name,
        documentType: file.type.startsWith('image/') ? 'photo' : 'other',
        description: `Sent in a conversation about ${conversation.subject}`,
        aircraftId: null,
        serviceRequestId: conversation.serviceRequestId,
      });
      setFiles((f) => [...f, { documentId: doc.id, name: doc.fileName }]);
    } catch (e) {
      toast.error('Upload failed', { description: detailOf(e) });
    } finally {
      setUploading(false);
    }
  };

  const sendWrite = useWrite(ROUTES.conversationSend, {
    fallback: 'Check your connection and try again.',
    onSuccess: (message) => {
      reset(EMPTY);
      setFiles([]);
      onSent(message);
    },
    // What was typed stays in the box; a problem with the text is said under it.
    onError: (_message, e) => {
      if (placeErrors(e)) return;
      toast.error('Message not sent', {
        description: e instanceof ApiError ? e.detail : 'Check your connection and try again.',
      });
    },
  });
  const sending = sendWrite.pending;
  const send = handleSubmit(async (body) => void (await sendWrite.run({ params: { id: conversation.id }, body })));
  const textError = errors.text?.message;

  return (
    <form
      className="border-t border-border bg-background p-2 sm:p-3"
      onSubmit={(e) => void send(e)}
      aria-label="Write a message"
    >
      {willMask && (
        <p
          id={`${id}-mask`}
          role="status"
          className="mb-2 rounded-md bg-warning-muted px-2 py-1.5 text-xs text-warning"
          data-mask-notice
        >
          {CONVERSATION_MESSAGES.maskedNotice}
        </p>
      )}
      {files.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Attached files">
          {files.map((f) => (
            <li
              key={f.documentId}
              className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 text-sm"
            >
              {f.name}
              <button
                type="button"
                aria-label={`Remove ${f.name}`}
                onClick={() => setFiles((all) => all.filter((x) => x.documentId !== f.documentId))}
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        {canAttach && (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT_ATTRIBUTE}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-attach-input
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void attach(file);
              }}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={uploading || files.length >= CONVERSATIONS.maxAttachments}
              onClick={() => fileInput.current?.click()}
              aria-label="Attach a photo or document"
            >
              {uploading ? <Spinner /> : <Paperclip className="h-5 w-5" aria-hidden="true" />}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={files.length >= CONVERSATIONS.maxAttachments}
              onClick={() => setPicking(true)}
              aria-label="Attach from Documents"
            >
              <FolderOpen className="h-5 w-5" aria-hidden="true" />
            </Button>
          </>
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-text`} className="sr-only">
            Message
          </label>
          <Textarea
            id={`${id}-text`}
            rows={2}
            maxLength={CONVERSATIONS.maxMessageChars}
            placeholder="Write a message"
            className="max-h-40 min-h-11 resize-none"
            aria-invalid={textError ? true : undefined}
            aria-describedby={[`${id}-count`, willMask ? `${id}-mask` : null, textError ? `${id}-error` : null]
              .filter(Boolean)
              .join(' ')}
            {...register('text')}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
                e.preventDefault();
                if (text.trim() || files.length > 0) void send();
              }
            }}
          />
          <CharacterCount id={`${id}-count`} value={text} max={CONVERSATIONS.maxMessageChars} />
          <FieldError id={`${id}-error`} message={textError} />
        </div>
        <Button
          type="submit"
          size="icon"
          disabled={sending || uploading || (!text.trim() && files.length === 0)}
          aria-label="Send"
        >
          {sending ? <Spinner /> : <Send className="h-5 w-5" aria-hidden="true" />}
        </Button>
      </div>
      {picking && (
        <VaultPicker
          chosen={files.map((f) => f.documentId)}
          onClose={() => setPicking(false)}
          onPick={(doc) => {
            setFiles((f) =>
              f.length < CONVERSATIONS.maxAttachments ? [...f, { documentId: doc.id, name: doc.fileName }] : f,
            );
            setPicking(false);
          }}
        />
      )}
    </form>
  );
}
