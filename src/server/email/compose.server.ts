import { CAMPAIGN_SENT_AS, type CampaignType } from '../../contract/admin-config.ts';
import type { ValidWhile } from '../../contract/outbox-validity.ts';
import { SAMPLE_DISCOUNT_CODE, popupCodeBlock } from '../../contract/popup.ts';
import type { Db } from '../db/client.ts';
import { beforeSignOff, fillPlaceholders, htmlToText, type Recipient } from './template-render.ts';

/**
 * Which admin template family fits which message the product sends. Messages not listed here (the
 * business's own notifications, marketplace notices) always use their built-in wording.
 */
export const TEMPLATE_FOR_KIND: Partial<Record<string, CampaignType>> = Object.fromEntries(
  Object.entries(CAMPAIGN_SENT_AS).map(([type, { kind }]) => [kind, type as CampaignType]),
);

/** An email the product sends (queued in the outbox; see src/features/messaging/outbox.server.ts). */
export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What produced it, e.g. `quote.notify_business`. */
  kind: string;
  /** What must still hold when it leaves, else the delivery drops it as superseded (docs/decisions/0452). */
  validWhile?: ValidWhile;
  /**
   * Where a reply goes. Absent: the business's reply address (the reply_to_email setting), so a
   * customer who answers reaches a person, never no-reply@ (docs/decisions/0193-reply-addresses.md).
   */
  replyTo?: string;
  /**
   * What the message must carry whatever wording an admin's template gives it (the discount code
   * the popup showed, and its conditions): appended to a template's text, already in `text` otherwise.
   */
  keep?: { text: string; html: string };
}

/**
 * What a template preview shows of the block the product adds to a message of that campaign type
 * (a sample discount code for the popup's welcome), placed where real messages carry it.
 */
export const PREVIEW_KEEP: Partial<Record<CampaignType, { text: string; html: string }>> = {
  welcome_series: popupCodeBlock(SAMPLE_DISCOUNT_CODE),
};

export interface ComposedEmail extends OutboundEmail {
  templateId: string | null;
  /** The template's delay: the message is due this many minutes from now. */
  delayMinutes: number;
}

/**
 * The email as an admin wrote it, when an active template of the fitting campaign type exists
 * (the one with the shortest delay, then the newest), with firstName, lastName and userId filled in;
 * otherwise the built-in wording. Template HTML was sanitized when it was saved.
 */
export async function composeEmail(db: Db, builtIn: OutboundEmail, recipient: Recipient): Promise<ComposedEmail> {
  const campaign = TEMPLATE_FOR_KIND[builtIn.kind];
  const template = campaign
    ? await db
        .selectFrom('emailTemplates')
        .select(['id', 'subjectLine', 'htmlContent', 'delayMinutes'])
        .where('campaignType', '=', campaign)
        .where('isActive', '=', true)
        .orderBy('delayMinutes')
        .orderBy('updatedAt', 'desc')
        .executeTakeFirst()
    : undefined;
  if (!template) return { ...builtIn, templateId: null, delayMinutes: 0 };
  const filled = fillPlaceholders(template.htmlContent, recipient, 'html');
  const html = builtIn.keep ? beforeSignOff(filled, builtIn.keep.html) : filled;
  return {
    ...builtIn,
    subject: fillPlaceholders(template.subjectLine, recipient, 'text'),
    html,
    text: htmlToText(html),
    templateId: template.id,
    delayMinutes: template.delayMinutes,
  };
}
