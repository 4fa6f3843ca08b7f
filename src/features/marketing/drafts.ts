import { MARKETING_LIMITS, type MarketingLead } from '../../contract/marketing.ts';
import { fillPlaceholders, htmlToText } from '../../server/email/template-render.ts';

/** A campaign email for one lead, written locally from a template (spec: Campaigns tab). */
export interface EmailDraft {
  leadId: string;
  to: string | null;
  name: string;
  subject: string;
  body: string;
}

export function generateDrafts(
  template: { subject_line: string; html_content: string },
  leads: readonly MarketingLead[],
): EmailDraft[] {
  return leads.map((lead) => {
    const recipient = { firstName: lead.firstName, lastName: lead.lastName, userId: lead.id };
    return {
      leadId: lead.id,
      to: lead.email,
      name: lead.fullName,
      subject: fillPlaceholders(template.subject_line, recipient, 'text'),
      body: htmlToText(fillPlaceholders(template.html_content, recipient, 'html')),
    };
  });
}

/** The first 200 characters (docs/product.md §9), with an ellipsis when there is more. */
export function draftPreview(body: string, chars: number = MARKETING_LIMITS.draftPreviewChars): string {
  return body.length > chars ? `${body.slice(0, chars).trimEnd()}…` : body;
}
