import { describe, expect, it } from 'vitest';
import type { InboxExportItem } from '../../contract/inbox.ts';
import { inboxCsvFilename, inboxToCsv } from './inbox-csv.ts';

const item: InboxExportItem = {
  id: 'q1',
  kind: 'quotes',
  firstName: '=SUM(A1)',
  lastName: 'Doe, Jr.',
  email: 'a@example.com',
  phone: '555',
  aircraft: { make: 'Cessna', model: '172', registrationNumber: 'N1', type: 'single-engine' },
  serviceType: 'annual',
  location: 'KSQL',
  message: 'Line one\nline "two"',
  source: 'quote_form',
  status: 'lost',
  lostReason: 'price',
  urgent: false,
  respondBy: null,
  overdue: false,
  assignedTo: { id: 'u', name: 'Ada Admin' },
  estimatedSavings: 12.5,
  createdAt: '2026-11-25T10:00:00.000Z',
  version: 3,
  lastInvoiceAmount: '3200',
  invoiceIncludesParts: 'no',
  estimatedSavingsDollars: '448.5',
  discountCode: 'SKY25-1A2B3C',
  codeUsedOnQuote: null,
};

describe('inboxToCsv', () => {
  it('writes labels, quotes what needs quoting and defuses formulas', () => {
    const [header, row] = inboxToCsv('quotes', [item]).split('\r\n');
    expect(header).toBe(
      'Received,Respond by,Overdue,Status,Lost reason,First name,Last name,Email,Phone,Aircraft make,Aircraft model,Registration,Aircraft type,Service,Location,Source,Assigned to,Last invoice ($),Invoice included parts,Est. savings %,Est. savings ($),Discount code,Message',
    );
    expect(row).toContain('\'=SUM(A1),"Doe, Jr."');
    expect(row).toContain('Lost,Price,');
    expect(row).toContain(
      'Single Engine Piston,Annual Inspection,KSQL,Quote form,Ada Admin,3200.00,"No, labor only",12.5,448.50,SKY25-1A2B3C,"Line one\nline ""two"""',
    );
  });
  it('leaves quote-only columns out for leads', () => {
    expect(inboxToCsv('leads', []).trim()).toBe(
      'Received,Status,Lost reason,First name,Email,Phone,Source,Assigned to,Discount code,Code used on a quote',
    );
  });

  it("names the file by the business's day: a California evening that is tomorrow in UTC keeps its date", () => {
    expect(inboxCsvFilename('leads', new Date('2027-01-01T03:00:00Z'))).toBe('leads-2026-12-31.csv');
    expect(inboxCsvFilename('quotes', new Date('2026-07-04T18:00:00Z'))).toBe('quote-requests-2026-07-04.csv');
  });
});
