import { CalendarClock, Mail } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label, NativeSelect } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import type { EmailTemplateView } from '../../contract/admin-email-templates.ts';
import { MARKETING_LIMITS, type MarketingLead } from '../../contract/marketing.ts';
import { draftPreview, generateDrafts, type EmailDraft } from './drafts.ts';
import { ROUTES } from '../../contract/routes/admin.ts';
import { useRoute } from '../../lib/use-query.ts';

/**
 * Campaigns (docs/product.md §2): email drafts written here, in the browser, from a template and the
 * leads selected in Manage Leads; 3 are previewed with 200 characters each. Scheduling is not built.
 */
export function CampaignsTab({ selectedLeads }: { selectedLeads: MarketingLead[] }) {
  const loaded = useRoute(ROUTES.adminTemplates);
  const all = loaded.data?.data;
  const templates: EmailTemplateView[] | null | 'error' = useMemo(
    () => (loaded.state.status === 'error' ? 'error' : all ? all.filter((t) => t.is_active) : null),
    [loaded.state.status, all],
  );
  const [chosenId, setTemplateId] = useState('');
  const templateId = chosenId || (Array.isArray(templates) ? (templates[0]?.id ?? '') : '');
  const [drafts, setDrafts] = useState<EmailDraft[] | null>(null);

  const generate = () => {
    if (selectedLeads.length === 0) {
      toast.error('No leads selected', { description: 'Please select leads from the Leads tab first' });
      return;
    }
    const template = Array.isArray(templates) ? templates.find((t) => t.id === templateId) : undefined;
    if (!template) return;
    const made = generateDrafts(template, selectedLeads);
    setDrafts(made);
    toast.success(`${made.length} email draft${made.length === 1 ? '' : 's'} generated`);
  };

  if (templates === null) return <Loading label="Loading email templates..." />;
  if (templates === 'error') return <Alert>Failed to load email templates</Alert>;
  const withoutEmail = drafts?.filter((d) => !d.to).length ?? 0;
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Email Campaign</CardTitle>
          <CardDescription>
            {selectedLeads.length} lead{selectedLeads.length === 1 ? '' : 's'} selected in Manage Leads. Drafts are
            personalised with each lead's name.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {templates.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No active email template. Create one under System Config, Email.
            </p>
          ) : (
            <div className="max-w-md">
              <Label htmlFor="campaign-template">Email Template</Label>
              <NativeSelect
                id="campaign-template"
                value={templateId}
                onChange={(e) => setTemplateId(e.target.value)}
                options={templates.map((t) => ({ value: t.id, label: t.name }))}
              />
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={generate} disabled={templates.length === 0 || !templateId}>
              <Mail className="h-4 w-4" aria-hidden="true" />
              Generate Drafts
            </Button>
            <Button variant="outline" disabled title="Scheduling is not available yet">
              <CalendarClock className="h-4 w-4" aria-hidden="true" />
              Schedule (Coming Soon)
            </Button>
          </div>
        </CardContent>
      </Card>
      {drafts && (
        <Card>
          <CardHeader>
            <CardTitle>Drafts ({drafts.length})</CardTitle>
            <CardDescription>
              Showing the first {Math.min(MARKETING_LIMITS.draftPreview, drafts.length)}.
              {withoutEmail > 0 && ` ${withoutEmail} lead${withoutEmail === 1 ? ' has' : 's have'} no email address.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="space-y-3">
              {drafts.slice(0, MARKETING_LIMITS.draftPreview).map((d) => (
                <li key={d.leadId} className="rounded-md border border-border p-3" data-testid="email-draft">
                  <p className="text-sm">
                    <span className="font-semibold">To:</span> {d.name} {d.to ? `<${d.to}>` : '(no email)'}
                  </p>
                  <p className="text-sm">
                    <span className="font-semibold">Subject:</span> {d.subject}
                  </p>
                  <p className="mt-2 whitespace-pre-line text-sm text-muted-foreground">{draftPreview(d.body)}</p>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
