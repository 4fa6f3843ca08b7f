import type { AdminLead, AdminQuote } from '../../contract/admin-dashboard.ts';
import { POPUP_LEAD_SOURCE, discountCodeFor } from '../../contract/popup.ts';

/** The quotes columns the admin view reads. */
export interface QuoteRecord {
  id: string;
  firstName: string;
  lastName: string;
  aircraftMake: string;
  aircraftModel: string;
  registrationNumber: string | null;
  returnEmail: string;
  returnPhone: string;
  serviceType: string;
  location: string | null;
  message: string;
  status: string;
  createdAt: Date | string;
  /** pg returns `numeric` as a string. */
  estimatedSavings: string | number | null;
  estimatedSavingsDollars?: string | number | null;
  discountCode?: string | null;
}

export interface LeadRecord {
  id: string;
  firstName: string;
  email: string;
  phone: string | null;
  source: string;
  status: string;
  createdAt: Date | string;
  /** The newest quote sent with this lead's code, if any. */
  codeUsedAt?: Date | string | null;
}

/** A stored quote request in the spec's admin shape (nested aircraft and service info). */
export function toAdminQuote(row: QuoteRecord): AdminQuote {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    aircraftInfo: { make: row.aircraftMake, model: row.aircraftModel, registrationNumber: row.registrationNumber },
    returnEmail: row.returnEmail,
    returnPhone: row.returnPhone,
    serviceInfo: { type: row.serviceType, location: row.location },
    message: row.message,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    estimatedSavings: row.estimatedSavings === null ? null : Number(row.estimatedSavings),
    estimatedSavingsDollars: row.estimatedSavingsDollars == null ? null : Number(row.estimatedSavingsDollars),
    discountCode: row.discountCode ?? null,
  };
}

export function toAdminLead(row: LeadRecord): AdminLead {
  return {
    id: row.id,
    firstName: row.firstName,
    email: row.email,
    phone: row.phone,
    source: row.source,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    discountCode: row.source === POPUP_LEAD_SOURCE ? discountCodeFor(row.id) : null,
    codeUsedAt: row.codeUsedAt ? new Date(row.codeUsedAt).toISOString() : null,
  };
}
