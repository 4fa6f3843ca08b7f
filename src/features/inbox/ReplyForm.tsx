import { Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label, NativeSelect, Textarea } from '../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { INBOX_LIMITS, InboxReplyFormSchema, type InboxDetail, type InboxKind } from '../../contract/inbox.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { ROUTES as ADMIN_ROUTES } from '../../contract/routes/admin.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useWrite } from '../../lib/use-write.ts';
import { fillReplyTemplate, quoteReply } from './reply-template.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

/** The built-in first choice for a quote request (not one of the console's email templates). */
const QUOTE_REPLY = 'quote';

interface Values {
  subject: string;
  body: string;
}

/**
 * A reply to the customer: "Here is your quote" (a quote request's aircraft, service and promised
 * code filled in), one of the console's email templates (filled with the request's first name,
 * aircraft and service), or a blank email, which clears the fields; then editable, sent through
 * the outbox.
 */
export function ReplyForm({ kind, d, onSent }: { kind: InboxKind; d: InboxDetail; onSent: () => Promise<void> }) {
  const templates = useRoute(ADMIN_ROUTES.adminTemplates, {});
  const [start, setStart] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm<Values>(InboxReplyFormSchema, { subject: '', body: '' });
  const reply = useWrite(kind === 'quotes' ? ROUTES.adminInboxQuoteReply : ROUTES.adminInboxLeadReply, {
    fallback: 'Failed to send the reply',
    onError: (_message, error) => toast.error('Failed to send the reply', { description: detailOf(error) }),
  });
  const busy = reply.pending;
  const list = templates.data?.data ?? [];
  const templateId = start && start !== QUOTE_REPLY ? start : null;

  async function send(values: Values) {
    const sent = await reply.run({
      params: { id: d.id },
      body: { ...values, ifVersion: d.version, ...(templateId ? { templateId } : {}) },
    });
    if (!sent.ok) return;
    reset({ subject: '', body: '' });
    setStart('');
    await onSent();
    toast.success('Reply queued in the outbox');
  }

  function choose(id: string) {
    setStart(id);
    if (id === QUOTE_REPLY) return reset(quoteReply(d));
    const t = list.find((x) => x.id === id);
    reset(t ? fillReplyTemplate(t, d) : { subject: '', body: '' });
  }

  const subjectError = errors.subject?.message;
  const bodyError = errors.body?.message;
  return (
    <form
      aria-labelledby={`reply-${d.id}`}
      className="space-y-3 rounded-lg border border-border p-3"
      noValidate
      onSubmit={handleSubmit(send)}
    >
      {/* A long address wraps inside the card on a phone instead of running out of it. */}
      <h3 id={`reply-${d.id}`} className="font-semibold wrap-anywhere">
        Reply to {d.email}
      </h3>
      <div>
        <Label htmlFor={`tpl-${d.id}`}>Start from</Label>
        <NativeSelect
          id={`tpl-${d.id}`}
          value={start}
          onChange={(e) => choose(e.target.value)}
          options={[
            { value: '', label: 'A blank email' },
            ...(kind === 'quotes' ? [{ value: QUOTE_REPLY, label: 'Here is your quote' }] : []),
            ...list.map((t) => ({ value: t.id, label: `Template: ${t.name}` })),
          ]}
        />
      </div>
      <FormField id={`subject-${d.id}`} label="Subject" error={subjectError}>
        <Input
          id={`subject-${d.id}`}
          maxLength={INBOX_LIMITS.subjectMax}
          {...fieldAria(`subject-${d.id}`, subjectError)}
          {...register('subject')}
        />
      </FormField>
      <FormField id={`body-${d.id}`} label="Message" error={bodyError}>
        <Textarea
          id={`body-${d.id}`}
          maxLength={INBOX_LIMITS.bodyMax}
          className="min-h-32"
          {...fieldAria(`body-${d.id}`, bodyError)}
          {...register('body')}
        />
      </FormField>
      <Button type="submit" disabled={busy}>
        <Send className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Sending...' : 'Send reply'}
      </Button>
    </form>
  );
}
