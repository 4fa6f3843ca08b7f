import { z } from './zod.ts';
import { emailSchema, HONEYPOT_FIELD } from './quote.ts';
import { POPUP_LEAD_SOURCE } from './popup.ts';

export * from './popup.ts';

const optionalPhone = z
  .string()
  .trim()
  .max(30, 'Phone number must be at most 30 characters')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^[+()\d.\-\s]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15), 'Phone number must be a valid phone number');

export const LeadSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
  email: emailSchema('Email address'),
  phone: optionalPhone,
  source: z
    .string()
    .trim()
    .max(60, 'Source must be at most 60 characters')
    .regex(/^[a-z0-9_-]*$/i, 'Source must be letters, digits, dashes or underscores')
    .optional()
    .transform((v) => (v ? v : POPUP_LEAD_SOURCE)),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type LeadInput = z.input<typeof LeadSchema>;
export type Lead = z.output<typeof LeadSchema>;
