import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label, NativeSelect, Textarea } from '../../components/ui/field.tsx';
import { INBOX_LIMITS, type InboxDetail, type InboxKind } from '../../contract/inbox.ts';
import { ROUTES } from '../../contract/routes.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useWrite } from '../../lib/use-write.ts';
import { fillReplyTemplate } from './reply-template.ts';

/**
 * A reply to the customer, from one of the console's email templates (filled with the request's
 * first name, aircraft and service, then editable) or from scratch; sent through the outbox.
 */
export function ReplyForm({ kind, d, onSent }: { kind: InboxKind; d: InboxDetail; onSent: () => Promise<void> }) {
  const templates = useRoute(ROUTES.adminTemplates, {});
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const reply = useWrite(kind === 'quotes' ? ROUTES.adminInboxQuoteReply : ROUTES.adminInboxLeadReply, {
    fallback: 'Failed to send the reply',
    onError: (_message, error) => toast.error('Failed to send the reply', { description: detailOf(error) }),
  });
  const busy = reply.pending;
  const list = templates.data?.data ?? [];

  async function send() {
    const sent = await reply.run({
      params: { id: d.id },
      body: { subject, body, ifVersion: d.version, ...(templateId ? { templateId } : {}) },
    });
    if (!sent.ok) return;
    setSubject('');
    setBody('');
    setTemplateId('');
    await onSent();
    toast.success('Reply queued in the outbox');
  }

  function choose(id: string) {
    setTemplateId(id);
    const t = list.find((x) => x.id === id);
    if (!t) return;
    const filled = fillReplyTemplate(t, d);
    setSubject(filled.subject);
    setBody(filled.body);
  }

  return (
    <form
      aria-labelledby={`reply-${d.id}`}
      className="space-y-3 rounded-lg border border-border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h3 id={`reply-${d.id}`} className="font-semibold">
        Reply to {d.email}
      </h3>
      <div>
        <Label htmlFor={`tpl-${d.id}`}>Start from</Label>
        <NativeSelect
          id={`tpl-${d.id}`}
          value={templateId}
          onChange={(e) => (e.target.value ? choose(e.target.value) : setTemplateId(''))}
          options={[
            { value: '', label: 'A blank email' },
            ...list.map((t) => ({ value: t.id, label: `Template: ${t.name}` })),
          ]}
        />
      </div>
      <div>
        <Label htmlFor={`subject-${d.id}`}>Subject</Label>
        <Input
          id={`subject-${d.id}`}
          value={subject}
          required
          maxLength={INBOX_LIMITS.subjectMax}
          onChange={(e) => setSubject(e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`body-${d.id}`}>Message</Label>
        <Textarea
          id={`body-${d.id}`}
          value={body}
          required
          maxLength={INBOX_LIMITS.bodyMax}
          onChange={(e) => setBody(e.target.value)}
          className="min-h-32"
        />
      </div>
      <Button type="submit" disabled={busy || !subject.trim() || !body.trim()}>
        <Send className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Sending...' : 'Send reply'}
      </Button>
    </form>
  );
}
