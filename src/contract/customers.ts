import { z } from './zod.ts';

/** The admin's Customers tab: pilot accounts with their aircraft and service requests. */
export const CUSTOMERS_PAGE = { defaultPerPage: 20, maxPerPage: 100, maxQuery: 100 } as const;

export const CustomersQuerySchema = z.object({
  q: z
    .string()
    .max(CUSTOMERS_PAGE.maxQuery, `Search must be at most ${CUSTOMERS_PAGE.maxQuery} characters`)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000)
    .optional()
    .default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be a number' })
    .int('per_page must be a whole number')
    .min(1, `per_page must be between 1 and ${CUSTOMERS_PAGE.maxPerPage}`)
    .max(CUSTOMERS_PAGE.maxPerPage, `per_page must be between 1 and ${CUSTOMERS_PAGE.maxPerPage}`)
    .optional()
    .default(CUSTOMERS_PAGE.defaultPerPage),
});

export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  joinedAt: string;
  aircraftCount: number;
  requestsCount: number;
  /** Service requests per status, e.g. { pending: 1, completed: 2 }. */
  requestStatuses: Record<string, number>;
}

export interface CustomersPage {
  success: true;
  data: Customer[];
  pagination: { page: number; per_page: number; total: number; pages: number };
}
