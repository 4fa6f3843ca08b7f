import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { CampaignType } from '../../contract/admin-config.ts';
import type {
  EmailPreview,
  EmailTemplateSchema,
  EmailTemplateView,
  PreviewSampleSchema,
} from '../../contract/admin-email-templates.ts';
import type { Db } from '../db/client.ts';
import type { EmailTemplatesTable } from '../db/tables/admin.ts';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { sanitizeEmailHtml } from './sanitize-email.server.ts';
import { beforeSignOff, fillPlaceholders, SAMPLE_RECIPIENT } from './template-render.ts';
import { PREVIEW_KEEP } from './compose.server.ts';

const withKeep = (html: string, keep: { html: string } | undefined) => (keep ? beforeSignOff(html, keep.html) : html);

type TemplateRow = Selectable<EmailTemplatesTable>;
type TemplateInput = z.output<typeof EmailTemplateSchema>;

function toView(row: TemplateRow): EmailTemplateView {
  return {
    id: row.id,
    name: row.name,
    subject_line: row.subjectLine,
    html_content: row.htmlContent,
    campaign_type: row.campaignType,
    delay_minutes: row.delayMinutes,
    is_active: row.isActive,
    sends: row.sends,
    opens: row.opens,
    clicks: row.clicks,
    conversions: row.conversions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listEmailTemplates(db: Db): Promise<EmailTemplateView[]> {
  const rows = await db.selectFrom('emailTemplates').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map(toView);
}

async function findTemplate(db: Db, id: string | undefined): Promise<TemplateRow> {
  const row = isUuid(id)
    ? await db.selectFrom('emailTemplates').selectAll().where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound('Email template not found');
  return row;
}

const columns = (t: TemplateInput) => ({
  name: t.name,
  subjectLine: t.subject_line,
  // Sanitized on save: the console renders it, and a sender may one day send it as is.
  htmlContent: sanitizeEmailHtml(t.html_content),
  campaignType: t.campaign_type,
  delayMinutes: t.delay_minutes,
  isActive: t.is_active,
});

export async function createEmailTemplate(db: Db, t: TemplateInput): Promise<EmailTemplateView> {
  const row = await db.insertInto('emailTemplates').values(columns(t)).returningAll().executeTakeFirstOrThrow();
  return toView(row);
}

export async function updateEmailTemplate(
  db: Db,
  id: string | undefined,
  t: TemplateInput,
): Promise<EmailTemplateView> {
  const existing = await findTemplate(db, id);
  const row = await db
    .updateTable('emailTemplates')
    .set({ ...columns(t), updatedAt: sql`now()` })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toView(row);
}

export async function setEmailTemplateActive(
  db: Db,
  id: string | undefined,
  active: boolean,
): Promise<EmailTemplateView> {
  const existing = await findTemplate(db, id);
  const row = await db
    .updateTable('emailTemplates')
    .set({ isActive: active, updatedAt: sql`now()` })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toView(row);
}

/** The template filled with sample data (or the values given), sanitized again before rendering. */
export async function previewEmailTemplate(
  db: Db,
  id: string | undefined,
  sample: z.output<typeof PreviewSampleSchema>,
): Promise<EmailPreview> {
  const row = await findTemplate(db, id);
  const recipient = {
    firstName: sample.firstName || SAMPLE_RECIPIENT.firstName,
    lastName: sample.lastName || SAMPLE_RECIPIENT.lastName,
    userId: sample.userId || SAMPLE_RECIPIENT.userId,
  };
  return {
    subject: fillPlaceholders(row.subjectLine, recipient, 'text'),
    html: sanitizeEmailHtml(
      withKeep(fillPlaceholders(row.htmlContent, recipient, 'html'), PREVIEW_KEEP[row.campaignType as CampaignType]),
    ),
    sample: recipient,
  };
}
