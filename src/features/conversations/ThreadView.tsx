import { ArrowLeft, Flag } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/form-bits.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import {
  CONVERSATION_MESSAGES,
  CONVERSATIONS,
  ReportMessageSchema,
  type ConversationSummary,
  type ThreadMessage,
} from '../../contract/conversations.ts';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AttachmentView } from './Attachment.tsx';
import { Composer } from './Composer.tsx';
import { updateThread } from './store.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

/** Appends what is new, once each (a poll and a send can bring the same message). */
function merge(list: ThreadMessage[], more: ThreadMessage[]): ThreadMessage[] {
  const seen = new Set(list.map((m) => m.id));
  return [...list, ...more.filter((m) => !seen.has(m.id))];
}

/**
 * One thread: the job's story and the two people's messages, newest at the bottom. While open it
 * asks every 2 s for what came after the last message it has (`updates?after=`), so the other
 * side's message shows within 3 s without reloading the thread (docs/decisions/0220).
 */
export function ThreadView({
  id,
  me,
  role,
  onBack,
}: {
  id: string;
  me: string;
  role: 'pilot' | 'mechanic';
  onBack: () => void;
}) {
  const [messages, setMessages] = useState<ThreadMessage[] | null>(null);
  const [conversation, setConversation] = useState<ConversationSummary | null>(null);
  const [older, setOlder] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [reporting, setReporting] = useState<ThreadMessage | null>(null);
  const [closed, setClosed] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = useRef<string | null>(null);
  const back = useRef<HTMLButtonElement>(null);
  // On a phone the thread opens as a screen of its own: focus starts on its Back button.
  useEffect(() => back.current?.focus(), [id]);

  useEffect(() => {
    let alive = true;
    setMessages(null);
    setFailed(null);
    call(ROUTES.conversation, { params: { id }, query: { limit: CONVERSATIONS.pageSize } })
      .then((page) => {
        if (!alive) return;
        setMessages(page.messages);
        setOlder(page.nextCursor);
        setConversation(page.conversation);
        setClosed(page.conversation.closed);
        lastId.current = page.messages.at(-1)?.id ?? null;
        updateThread({ ...page.conversation, unread: 0 });
      })
      .catch(
        (e: unknown) =>
          alive && setFailed(e instanceof ApiError && e.detail ? e.detail : 'We could not load this conversation.'),
      );
    return () => {
      alive = false;
    };
  }, [id]);

  const add = useCallback((more: ThreadMessage[]) => {
    if (more.length === 0) return;
    setMessages((list) => merge(list ?? [], more));
    lastId.current = more.at(-1)!.id;
  }, []);

  // The live view: only while the page is visible, one call in flight at a time.
  useEffect(() => {
    if (!conversation) return;
    let busy = false;
    const timer = setInterval(() => {
      if (busy || document.visibilityState !== 'visible') return;
      busy = true;
      call(ROUTES.conversationUpdates, { params: { id }, query: { after: lastId.current ?? undefined } })
        .then((u) => {
          add(u.messages);
          setClosed(u.closed);
          const last = u.messages.at(-1);
          // The list beside the thread shows what just arrived, already read.
          if (last)
            updateThread({
              ...conversation,
              closed: u.closed,
              lastMessage: { text: last.text, at: last.at, fromMe: last.from === me },
              unread: 0,
            });
        })
        .catch((e: unknown) => console.warn('Checking for new messages failed', e))
        .finally(() => {
          busy = false;
        });
    }, CONVERSATIONS.pollMs);
    return () => clearInterval(timer);
  }, [conversation, id, add, me]);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages?.length]);

  const loadOlder = async () => {
    if (!older) return;
    try {
      const page = await call(ROUTES.conversation, {
        params: { id },
        query: { before: older, limit: CONVERSATIONS.pageSize },
      });
      setMessages((list) => [...page.messages, ...(list ?? [])]);
      setOlder(page.nextCursor);
    } catch (e) {
      toast.error('Could not load older messages', { description: e instanceof ApiError ? e.detail : undefined });
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col" data-thread={id}>
      <header className="flex items-center gap-2 border-b border-border bg-background px-2 py-2 sm:px-3">
        <Button
          ref={back}
          variant="ghost"
          size="icon"
          className="md:hidden"
          onClick={onBack}
          aria-label="Back to conversations"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{conversation?.otherParty.name ?? 'Conversation'}</h3>
          <p className="truncate text-xs text-muted-foreground">{conversation?.subject}</p>
        </div>
      </header>
      <div
        className="min-h-0 flex-1 overflow-y-auto bg-muted/40 px-2 py-3 sm:px-4"
        aria-live="polite"
        aria-relevant="additions"
        data-thread-messages
      >
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            {failed}
          </p>
        ) : messages === null ? (
          <Loading label="Loading messages..." />
        ) : (
          <ol className="space-y-2">
            {older && (
              <li className="text-center">
                <Button variant="ghost" size="sm" onClick={() => void loadOlder()}>
                  Show older messages
                </Button>
              </li>
            )}
            {messages.length === 0 && (
              <li className="py-6 text-center text-sm text-muted-foreground">
                No messages yet. Ask a question or say hello.
              </li>
            )}
            {messages.map((m) =>
              m.kind === 'event' ? (
                <li key={m.id} className="py-1 text-center text-xs text-muted-foreground" data-event-line>
                  <span className="rounded-full bg-background px-2 py-0.5">{m.text}</span> · {formatDateTime(m.at)}
                </li>
              ) : (
                <li
                  key={m.id}
                  className={`flex ${m.from === me ? 'justify-end' : 'justify-start'}`}
                  data-message={m.from === me ? 'mine' : 'theirs'}
                >
                  <div
                    className={`max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm ${m.from === me ? 'bg-accent text-accent-foreground' : 'bg-background'}`}
                  >
                    {m.text && <p className="break-words whitespace-pre-wrap">{m.text}</p>}
                    {m.attachments.map((a) => (
                      <AttachmentView
                        key={a.documentId}
                        conversationId={id}
                        attachment={a}
                        onLoad={() => bottom.current?.scrollIntoView({ block: 'end' })}
                      />
                    ))}
                    <p className="mt-1 flex items-center justify-end gap-2 text-[0.7rem] opacity-80">
                      {m.masked && <span>contact details hidden</span>}
                      <time dateTime={m.at}>{formatDateTime(m.at)}</time>
                      {m.from !== me && (
                        <button
                          type="button"
                          className="inline-flex items-center gap-0.5 underline-offset-2 hover:underline"
                          onClick={() => setReporting(m)}
                          aria-label="Report this message"
                        >
                          <Flag className="h-3 w-3" aria-hidden="true" />
                          Report
                        </button>
                      )}
                    </p>
                  </div>
                </li>
              ),
            )}
          </ol>
        )}
        <div ref={bottom} />
      </div>
      {conversation &&
        (closed ? (
          <p
            className="border-t border-border bg-background p-3 text-center text-sm text-muted-foreground"
            role="status"
          >
            {CONVERSATION_MESSAGES.closed}.
          </p>
        ) : (
          <Composer
            conversation={conversation}
            // A mechanic files documents only on a job he holds (the vault's rule): before acceptance he writes text.
            canAttach={role === 'pilot' || conversation.accepted}
            onSent={(m) => {
              add([m]);
              updateThread({ ...conversation, lastMessage: { text: m.text, at: m.at, fromMe: true }, unread: 0 });
            }}
          />
        ))}
      {reporting && <ReportDialog conversationId={id} message={reporting} onClose={() => setReporting(null)} />}
    </div>
  );
}

function ReportDialog({
  conversationId,
  message,
  onClose,
}: {
  conversationId: string;
  message: ThreadMessage;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<{ reason: string }>(ReportMessageSchema, { reason: '' });
  const reason = watch('reason');
  const report = useWrite(ROUTES.conversationReport, {
    fallback: 'Report not sent',
    onSuccess: () => {
      toast.success('Thank you. An administrator will look at this conversation.');
      onClose();
    },
    onError: (_message, e) => {
      if (!placeErrors(e)) toast.error('Report not sent', { description: detailOf(e) });
    },
  });
  const submit = handleSubmit(
    async (body) => void (await report.run({ params: { id: conversationId, messageId: message.id }, body })),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Report this message"
      description="An administrator will read this conversation and may close it."
    >
      <form className="space-y-3" noValidate onSubmit={(e) => void submit(e)}>
        <blockquote className="rounded-md bg-muted px-3 py-2 text-sm">{message.text.slice(0, 300)}</blockquote>
        <TextareaField
          prefix="report"
          register={register}
          errors={errors}
          name="reason"
          label="Reason *"
          required
          maxLength={CONVERSATIONS.maxReportChars}
          rows={3}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={report.pending || !reason.trim()}>
            Report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
