import { z } from './zod.ts';
import { enumOf } from './fields.ts';
import {
  booleanField,
  CAMPAIGN_TYPES,
  type CampaignType,
  CONFIG_LIMITS,
  DEFAULT_CAMPAIGN_TYPE,
  intField,
  text,
} from './admin-config.ts';

// ---------------------------------------------------------------------------------------------
// Email templates

export const EmailTemplateSchema = z.object({
  name: text('Name', CONFIG_LIMITS.templateName),
  subject_line: text('Subject line', CONFIG_LIMITS.subjectLine),
  html_content: text('HTML content', CONFIG_LIMITS.htmlContent),
  // Not among the spec's required fields (section 5): absent, it is the form's own default.
  campaign_type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_CAMPAIGN_TYPE : v),
    enumOf(CAMPAIGN_TYPES, 'Campaign type'),
  ),
  delay_minutes: intField('Delay (minutes)', 0, CONFIG_LIMITS.maxDelayMinutes, 0).transform((v) => v ?? 0),
  is_active: booleanField('is_active', true),
});
export type EmailTemplateInput = z.input<typeof EmailTemplateSchema>;

export const EmailTemplateStatusSchema = z.object({ active: booleanField('active', true) });

/** Sample recipient for previews; any field may be overridden in the preview body. */
export const PreviewSampleSchema = z.object({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  userId: z.string().trim().max(100).optional(),
});

export interface EmailTemplateView {
  id: string;
  name: string;
  subject_line: string;
  html_content: string;
  campaign_type: CampaignType;
  delay_minutes: number;
  is_active: boolean;
  sends: number;
  opens: number;
  clicks: number;
  conversions: number;
  created_at: string;
  updated_at: string;
}

export interface EmailPreview {
  subject: string;
  html: string;
  sample: { firstName: string; lastName: string; userId: string };
}
