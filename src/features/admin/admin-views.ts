import type { AdminLead, AdminQuote } from '../../contract/admin-dashboard.ts';

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
}

export interface LeadRecord {
  id: string;
  firstName: string;
  email: string;
  phone: string | null;
  source: string;
  status: string;
  createdAt: Date | string;
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
  };
}
