import { Eye, Pencil, Plus, Power } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { CAMPAIGN_TYPES, campaignSentAs } from '../../../contract/admin-config.ts';
import type { EmailTemplateView } from '../../../contract/admin-email-templates.ts';
import { labelOf } from '../../../contract/options.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ROUTES } from '../../../contract/routes/admin.ts';
import { useRoute } from '../../../lib/use-query.ts';
import { withDetail } from './config-api.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { EmailPreviewDialog } from './EmailPreviewDialog.tsx';
import { EmailTemplateDialog } from './EmailTemplateDialog.tsx';

/** "Sends at once", "Sends after 2 hours", "Sends after 1 day". */
export function delayLabel(minutes: number): string {
  if (minutes === 0) return 'Sends at once';
  const [n, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `Sends after ${n} ${unit}${n === 1 ? '' : 's'}`;
}

const rate = (part: number, whole: number) => (whole > 0 ? ` (${Math.round((part / whole) * 100)}%)` : '');

/** Email (docs/product.md §2): the templates with their counters, plus create, edit, activate and preview. */
export function EmailTab() {
  const query = useRoute(ROUTES.adminTemplates);
  const { state, reload: load } = query;
  const templates = query.data?.data ?? [];
  const [editor, setEditor] = useState<{ open: boolean; template: EmailTemplateView | null }>({
    open: false,
    template: null,
  });
  const [preview, setPreview] = useState<EmailTemplateView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const setActive = useWrite(ROUTES.adminTemplateStatus, {
    fallback: 'Failed to update email template',
    // The answer is the template as saved: it replaces its row in the cached list at once.
    onSuccess: ({ data: updated }) =>
      query.setData(
        (current) => current && { ...current, data: current.data.map((x) => (x.id === updated.id ? updated : x)) },
      ),
    onError: (_message, error) => toast.error('Failed to update email template', withDetail(error)),
  });
  const toggle = async (t: EmailTemplateView) => {
    setBusy(t.id);
    const sent = await setActive.run({ params: { id: t.id }, query: { active: !t.is_active } });
    if (sent.ok)
      toast.success(t.is_active ? 'Email template deactivated' : 'Email template activated', { description: t.name });
    setBusy(null);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Templates for automated and campaign emails.</p>
        <Button size="sm" onClick={() => setEditor({ open: true, template: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Create Template
        </Button>
      </div>
      {state.status === 'loading' && <Loading label="Loading email templates..." />}
      {state.status === 'error' && <LoadError message="Failed to load email templates" onRetry={() => void load()} />}
      {state.status === 'ready' && templates.length === 0 && (
        <Card>
          <CardContent className="py-10 text-center text-sm text-muted-foreground">
            No email templates yet. Create the first one.
          </CardContent>
        </Card>
      )}
      {state.status === 'ready' && templates.length > 0 && (
        <ul className="grid gap-4 lg:grid-cols-2">
          {templates.map((t) => (
            <li key={t.id}>
              <Card className="h-full">
                <CardContent className="space-y-3 pt-5 sm:pt-6">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{t.name}</h3>
                    <Badge tone="info">{labelOf(CAMPAIGN_TYPES, t.campaign_type)}</Badge>
                    {campaignSentAs(t.campaign_type) ? (
                      <Badge tone={t.is_active ? 'success' : 'secondary'}>{t.is_active ? 'Active' : 'Inactive'}</Badge>
                    ) : (
                      <Badge tone="secondary">Not sent</Badge>
                    )}
                  </div>
                  <p className="text-sm text-muted-foreground" data-testid="template-use">
                    {campaignSentAs(t.campaign_type)
                      ? `Words ${campaignSentAs(t.campaign_type)}${t.is_active ? '' : ' once activated'}.`
                      : `Nothing sends ${labelOf(CAMPAIGN_TYPES, t.campaign_type).toLowerCase()} emails yet: this template is kept, not sent.`}
                  </p>
                  <p className="text-sm">
                    <span className="text-muted-foreground">Subject: </span>
                    {t.subject_line}
                  </p>
                  <p className="text-xs text-muted-foreground">{delayLabel(t.delay_minutes)}</p>
                  <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                    {[
                      ['Sends', t.sends, ''],
                      ['Opens', t.opens, rate(t.opens, t.sends)],
                      ['Clicks', t.clicks, rate(t.clicks, t.sends)],
                      ['Conversions', t.conversions, rate(t.conversions, t.sends)],
                    ].map(([label, n, pct]) => (
                      <div key={label} className="rounded-md bg-muted px-2 py-1.5">
                        <dt className="text-xs text-muted-foreground">{label}</dt>
                        <dd className="font-semibold">
                          {Number(n).toLocaleString('en-US')}
                          <span className="text-xs font-normal text-muted-foreground">{pct}</span>
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => setPreview(t)} aria-label={`Preview ${t.name}`}>
                      <Eye className="h-4 w-4" aria-hidden="true" />
                      Preview
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditor({ open: true, template: t })}
                      aria-label={`Edit ${t.name}`}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit
                    </Button>
                    {campaignSentAs(t.campaign_type) && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => void toggle(t)}
                        disabled={busy === t.id}
                        aria-label={`${t.is_active ? 'Deactivate' : 'Activate'} ${t.name}`}
                      >
                        <Power className="h-4 w-4" aria-hidden="true" />
                        {t.is_active ? 'Deactivate' : 'Activate'}
                      </Button>
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <EmailTemplateDialog
        open={editor.open}
        onOpenChange={(o) => setEditor((e) => ({ ...e, open: o }))}
        template={editor.template}
        onSaved={() => void load()}
      />
      <EmailPreviewDialog template={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
