import { AlarmClock, MailQuestion } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { useRoute } from '../../lib/use-query.ts';
import { $inboxPreset } from './inbox-store.ts';

/**
 * The dashboard's "Waiting for a reply" and "Overdue" cards (quote requests nobody answered, and
 * those past their 24 hours), beside the spec's three; each opens the Inbox filtered to them.
 */
export function InboxStatCards({ onOpen }: { onOpen: () => void }) {
  const summary = useRoute(ROUTES.adminInboxSummary, {});
  const data = summary.data;
  const cards = [
    {
      key: 'waiting',
      label: 'Waiting for a reply',
      value: data?.waiting,
      Icon: MailQuestion,
      tone: 'text-warning',
      red: false,
    },
    {
      key: 'overdue',
      label: 'Overdue',
      value: data?.overdue,
      Icon: AlarmClock,
      tone: 'text-destructive',
      red: (data?.overdue ?? 0) > 0,
    },
  ] as const;
  if (summary.state.status === 'error') return null;
  return (
    <section
      aria-label="Inbox"
      aria-busy={summary.state.status === 'loading'}
      className="grid grid-cols-2 gap-2 sm:gap-4"
    >
      {cards.map(({ key, label, value, Icon, tone, red }) => (
        <button
          key={key}
          type="button"
          className="text-left"
          onClick={() => {
            $inboxPreset.set(key);
            onOpen();
          }}
        >
          <Card
            className={`flex items-center justify-between gap-4 p-3 hover:border-accent sm:p-5 ${red ? 'border-destructive' : ''}`}
          >
            <div>
              <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
              <p className={`mt-1 text-2xl font-bold tabular-nums sm:text-3xl ${red ? 'text-destructive' : ''}`}>
                {value === undefined ? <span className="text-muted-foreground">…</span> : value.toLocaleString('en-US')}
              </p>
            </div>
            <Icon className={`hidden h-8 w-8 shrink-0 sm:block ${tone}`} aria-hidden="true" />
          </Card>
        </button>
      ))}
    </section>
  );
}
