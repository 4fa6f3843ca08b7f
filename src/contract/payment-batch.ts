import { PAGING } from './paging.ts';
import type { PaymentView } from './payments.ts';
import { isUuid } from './ids.ts';
import { z } from './zod.ts';

/**
 * The payments of the appointment cards on screen in one call (docs/decisions/0204-payments-in-one-call.md):
 * `GET /api/appointments/payments?ids=<id>,<id>` answers each visible appointment's payment by its
 * id; an appointment the caller may not see is left out, as a single read answers it 404.
 */
export const PaymentBatchQuerySchema = z.object({
  ids: z
    .string({ error: 'ids is required: the appointments, separated by commas' })
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length >= 1 && ids.length <= PAGING.maxLimit, {
      message: `ids must name 1 to ${PAGING.maxLimit} appointments`,
    })
    .refine((ids) => ids.every(isUuid), { message: 'ids must be appointment ids' }),
});

/** Each appointment's payment, by appointment id. */
export type PaymentBatch = Record<string, PaymentView>;
