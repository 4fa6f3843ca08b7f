import { useStore } from '@nanostores/react';
import { MessageSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MessageSettingsCard } from './MessageSettingsCard.tsx';
import { $openThreadId, $threads, $threadsFailed, $threadsNext, loadMoreThreads, reloadThreads } from './store.ts';
import { MoreThreads } from './MoreThreads.tsx';
import { ThreadView } from './ThreadView.tsx';
import { useVisibleArea } from './use-visual-viewport.ts';

function useDesktop(): boolean {
  const query = '(min-width: 768px)';
  const [desktop, setDesktop] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setDesktop(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return desktop;
}

/**
 * Messages: the user's threads, newest first, with unread counts; a thread beside the list on a
 * wide screen, or as a full screen on a phone, its composer kept above the keyboard.
 */
export default function MessagesTab({ me, role }: { me: string; role: 'pilot' | 'mechanic' }) {
  const threads = useStore($threads);
  const failed = useStore($threadsFailed);
  const open = useStore($openThreadId);
  const next = useStore($threadsNext);
  const desktop = useDesktop();
  const visible = useVisibleArea();

  useEffect(() => {
    void reloadThreads();
  }, []);
  // Leaving the tab forgets the open thread, so coming back shows the list on a phone.
  useEffect(() => () => $openThreadId.set(null), []);

  const list =
    threads === null ? (
      failed ? (
        <div className="p-4 text-sm">
          <p role="alert">We could not load your conversations.</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void reloadThreads()}>
            Try again
          </Button>
        </div>
      ) : (
        <Loading label="Loading conversations..." />
      )
    ) : threads.length === 0 ? (
      <EmptyState
        Icon={MessageSquare}
        title="No conversations yet"
        hint={
          role === 'mechanic'
            ? 'Ask an owner a question with Message on a service request.'
            : 'Mechanics who quote or ask about your requests appear here.'
        }
      />
    ) : (
      <ul className="divide-y divide-border" aria-label="Conversations">
        {threads.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              onClick={() => $openThreadId.set(t.id)}
              aria-current={open === t.id ? 'true' : undefined}
              className={`flex w-full items-start gap-3 px-3 py-3 text-left hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-ring ${open === t.id ? 'bg-muted' : ''}`}
              data-thread-item={t.id}
            >
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${t.unread ? 'font-bold' : 'font-medium'}`}>{t.otherParty.name}</span>
                  {t.lastMessage && (
                    <span className="shrink-0 text-xs text-muted-foreground">{formatDateTime(t.lastMessage.at)}</span>
                  )}
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  {t.subject}
                  {t.closed ? ' · closed' : ''}
                </span>
                <span className="block truncate text-sm text-muted-foreground">
                  {t.lastMessage ? `${t.lastMessage.fromMe ? 'You: ' : ''}${t.lastMessage.text}` : 'No messages yet'}
                </span>
              </span>
              {t.unread > 0 && (
                <span
                  className="mt-0.5 rounded-full bg-destructive px-1.5 text-xs font-bold text-white"
                  aria-label={`${t.unread} unread`}
                >
                  {t.unread}
                </span>
              )}
            </button>
          </li>
        ))}
        {next && (
          <li>
            <MoreThreads onMore={loadMoreThreads} />
          </li>
        )}
      </ul>
    );

  return (
    <section aria-labelledby="messages-heading" className="space-y-4">
      <h2 id="messages-heading" className="text-xl font-semibold">
        Messages
      </h2>
      <Card className="grid overflow-hidden md:h-[70vh] md:grid-cols-[20rem_1fr]">
        <div className="min-h-0 overflow-y-auto md:border-r md:border-border">{list}</div>
        {open && !desktop ? (
          // A phone: the thread is the whole screen, as tall as what the keyboard leaves visible.
          <div
            className="fixed inset-x-0 top-0 z-40 bg-background"
            style={visible ? { height: `${visible.height}px`, top: `${visible.top}px` } : { height: '100dvh' }}
            role="dialog"
            aria-modal="true"
            aria-label="Conversation"
            onKeyDown={(e) => e.key === 'Escape' && $openThreadId.set(null)}
          >
            <ThreadView id={open} me={me} role={role} onBack={() => $openThreadId.set(null)} />
          </div>
        ) : open ? (
          <ThreadView id={open} me={me} role={role} onBack={() => $openThreadId.set(null)} />
        ) : (
          <p className="hidden items-center justify-center p-6 text-sm text-muted-foreground md:flex">
            Choose a conversation.
          </p>
        )}
      </Card>
      <MessageSettingsCard />
    </section>
  );
}
