import { z } from './zod.ts';

/** docs/product.md §9: how many rows the admin dashboard shows, and what the list calls allow. */
export const ADMIN_LISTS = {
  quotesShown: 10,
  leadsShown: 20,
  /** GET /api/quotes and /api/leads without ?limit= */
  defaultLimit: 50,
  maxLimit: 200,
} as const;

/**
 * `?limit=` of the admin list calls: a positive whole number, capped at the maximum (asking for
 * more is not an error, it just gets the most allowed); absent means the default.
 */
export const AdminListQuerySchema = z.object({
  limit: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return ADMIN_LISTS.defaultLimit;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'limit must be a positive whole number' });
        return z.NEVER;
      }
      return Math.min(n, ADMIN_LISTS.maxLimit);
    }),
});

/** GET /api/admin/dashboard `data`. */
export interface DashboardStats {
  totalQuotes: number;
  pendingQuotes: number;
  completedQuotes: number;
}

/** docs/product.md §3 "Quote (admin view)". */
export interface AdminQuote {
  id: string;
  firstName: string;
  lastName: string;
  aircraftInfo: { make: string; model: string; registrationNumber: string | null };
  returnEmail: string;
  returnPhone: string;
  serviceInfo: { type: string; location: string | null };
  message: string;
  status: string;
  createdAt: string;
  /** Percent, or null when no estimate was possible. */
  estimatedSavings: number | null;
  /** The same estimate in dollars (what the visitor was shown and emailed). */
  estimatedSavingsDollars: number | null;
  /** The popup's discount code given with the request, checked when it was sent. */
  discountCode: string | null;
}

/** docs/product.md §3 "Captured lead". */
export interface AdminLead {
  id: string;
  firstName: string;
  email: string;
  phone: string | null;
  source: string;
  status: string;
  createdAt: string;
  /** The discount code the popup gave this lead (null for other sources). */
  discountCode: string | null;
  /** When a quote request was sent with that code (the newest), else null. */
  codeUsedAt: string | null;
}

export interface ListResponse<T> {
  success: true;
  data: T[];
}
