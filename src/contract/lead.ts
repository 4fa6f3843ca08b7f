import { z } from './zod.ts';
import { emailSchema, optionalPhone, requiredText } from './fields.ts';
import { HONEYPOT_FIELD } from './quote-fields.ts';
import { POPUP_LEAD_SOURCE } from './popup.ts';

export const LeadSchema = z.object({
  firstName: requiredText('First name', 100),
  email: emailSchema('Email address'),
  phone: optionalPhone('Phone number'),
  source: z
    .string()
    .trim()
    .max(60, 'Source must be at most 60 characters')
    .regex(/^[a-z0-9_-]*$/i, 'Source must be letters, digits, dashes or underscores')
    .optional()
    .transform((v) => (v ? v : POPUP_LEAD_SOURCE)),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type Lead = z.output<typeof LeadSchema>;
