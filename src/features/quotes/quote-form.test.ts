import { describe, expect, it } from 'vitest';
import { QUOTE_FORM_DEFAULTS } from '../../contract/quote-fields.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { interpretQuoteResponse, QUOTE_TOASTS, quotePayload } from './quote-form.ts';

describe('quotePayload', () => {
  it('sends every form field as text, the preferences as booleans, and the honeypot', () => {
    const form = new FormData();
    form.set('firstName', 'Amelia');
    form.set('totalHours', '2450.5');
    form.set('lastInvoiceAmount', '');
    form.set('emailUpdates', 'on');
    form.set('website', '');
    const payload = quotePayload(form);
    expect(Object.keys(payload).sort()).toEqual([...Object.keys(QUOTE_FORM_DEFAULTS), 'website'].sort());
    expect(payload['firstName']).toBe('Amelia');
    expect(payload['totalHours']).toBe('2450.5');
    expect(payload['lastInvoiceAmount']).toBe('');
    // A select left on its disabled placeholder is absent from FormData: it is sent empty.
    expect(payload['aircraftType']).toBe('');
    expect(payload['emailUpdates']).toBe(true);
    expect(payload['scheduleConsultation']).toBe(false);
    expect(payload['website']).toBe('');
  });
});

describe('interpretQuoteResponse', () => {
  it('reads a success with its message and savings', () => {
    expect(interpretQuoteResponse(200, { success: true, message: 'Thanks!', estimatedSavings: 23 })).toEqual({
      kind: 'success',
      message: 'Thanks!',
      estimatedSavings: 23,
      emailGoing: true,
    });
  });

  it('reads that email is not going out, so no email is promised', () => {
    expect(interpretQuoteResponse(200, { success: true, message: 'Thanks!', emailGoing: false })).toMatchObject({
      kind: 'success',
      emailGoing: false,
    });
  });

  it('has no savings when the server gave none', () => {
    expect(interpretQuoteResponse(201, { success: true, message: 'Thanks!' })).toMatchObject({
      kind: 'success',
      estimatedSavings: undefined,
    });
  });

  it('treats a 2xx answer without success true as the spec "success false"', () => {
    expect(interpretQuoteResponse(200, { success: false })).toEqual({ kind: 'failed' });
    expect(interpretQuoteResponse(200, undefined)).toEqual({ kind: 'failed' });
  });

  it('shows an error answer detail, with its per-field messages', () => {
    const body = {
      detail: 'returnPhone: Phone number must be a valid phone number',
      errors: [
        { path: 'returnPhone', message: 'Phone number must be a valid phone number' },
        { path: 'returnPhone', message: 'second message is ignored' },
        { path: 'aircraftType', message: 'Aircraft type is required' },
      ],
    };
    expect(interpretQuoteResponse(400, body)).toEqual({
      kind: 'rejected',
      detail: body.detail,
      fieldErrors: {
        returnPhone: 'Phone number must be a valid phone number',
        aircraftType: 'Aircraft type is required',
      },
    });
    expect(interpretQuoteResponse(429, { detail: 'Too many requests' })).toMatchObject({
      kind: 'rejected',
      fieldErrors: {},
    });
  });

  it('treats an error without detail (a proxy page, no JSON) as a connection problem', () => {
    expect(interpretQuoteResponse(502, undefined)).toEqual({ kind: 'network' });
    expect(interpretQuoteResponse(500, { message: 'x' })).toEqual({ kind: 'network' });
  });

  it('reads a 503 (the service briefly down) as "try again", with or without a detail', () => {
    expect(interpretQuoteResponse(503, { detail: 'The service is briefly unavailable.' })).toEqual({
      kind: 'unavailable',
    });
    expect(interpretQuoteResponse(503, undefined)).toEqual({ kind: 'unavailable' });
  });
});

describe('fieldErrorsOf', () => {
  it('ignores malformed entries', () => {
    expect(
      fieldErrorsOf({ errors: [null, { path: 1 }, { path: '', message: 'x' }, { path: 'a.b', message: 'm' }] }),
    ).toEqual({ a: 'm' });
    expect(fieldErrorsOf('nope')).toEqual({});
  });
});

describe('QUOTE_TOASTS', () => {
  it('words the messages exactly as the spec', () => {
    expect(QUOTE_TOASTS.failed).toBe('Failed to submit your request. Please try again.');
    expect(QUOTE_TOASTS.network).toBe('Failed to submit your request. Please check your connection and try again.');
    expect(QUOTE_TOASTS.error('Bad phone')).toBe('Error: Bad phone');
    expect(QUOTE_TOASTS.savings(18)).toBe('Estimated savings: 18% compared to your current provider!');
  });
});

describe('checkQuoteFields (before sending, every field at once)', () => {
  it('names every missing required field with the server wording', async () => {
    const { checkQuoteFields } = await import('./quote-form.ts');
    const errors = checkQuoteFields({ firstName: '', lastName: ' ', returnEmail: '', returnPhone: '', message: '' });
    expect(errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      returnEmail: 'Email address is required',
      returnPhone: 'Phone number is required',
      aircraftMake: 'Aircraft make is required',
      aircraftType: 'Aircraft type is required',
      serviceType: 'Service type is required',
      preferredTimeframe: 'Preferred timeframe is required',
      message: 'Message is required',
    });
  });

  it('checks the email, the phone and the numbers', async () => {
    const { checkQuoteFields } = await import('./quote-form.ts');
    const errors = checkQuoteFields({
      returnEmail: 'nope',
      returnPhone: '12',
      lastInvoiceAmount: 'abc',
      totalHours: '-1',
    });
    expect(errors.returnEmail).toBe('Email address must be a valid email address');
    expect(errors.returnPhone).toBe('Phone number must be a valid phone number');
    expect(errors.lastInvoiceAmount).toMatch(/^Last invoice amount must be a number between 0 and/);
    expect(errors.totalHours).toMatch(/^Total hours must be a number/);
    expect(
      checkQuoteFields({ returnEmail: 'a@b.co', returnPhone: '(415) 555-0199', lastInvoiceAmount: '$3,200' })
        .lastInvoiceAmount,
    ).toBeUndefined();
  });
});

describe('liveEstimate (the server model, while typing)', () => {
  it('shows dollars and percent once the invoice, the service and the aircraft are known', async () => {
    const { liveEstimate } = await import('./quote-form.ts');
    expect(liveEstimate('', 'annual', 'single-engine')).toEqual({ kind: 'none' });
    expect(liveEstimate('2500', '', 'single-engine')).toEqual({ kind: 'needs-choice' });
    // ADR 0191: labor with labor. $2,000 of labor only for an annual on a single-engine piston -> 10%, $200.
    expect(liveEstimate('2,000', 'annual', 'single-engine', 'no')).toMatchObject({
      kind: 'estimate',
      invoice: 2000,
      estimate: { percent: 10, dollars: 200, ourPrice: 1800 },
    });
    // The issue's $3,200 (parts perhaps included) is no longer "$1,408 (44%)".
    expect(liveEstimate('$3200', 'annual', 'single-engine')).toMatchObject({ estimate: { percent: 20, dollars: 448 } });
    expect(liveEstimate('1700', 'annual', 'single-engine', 'no')).toEqual({
      kind: 'no-saving',
      ourPrice: 1800,
      invoice: 1700,
    });
    expect(liveEstimate('50000000000', 'annual', 'single-engine')).toEqual({
      kind: 'out-of-bounds',
      message: 'Last invoice amount for annual inspection must be between $300 and $400,000',
    });
    // Within the service's bounds but far above what it costs on this class: no figure, and why.
    expect(liveEstimate('250000', 'annual', 'single-engine', 'no')).toEqual({
      kind: 'beyond-class',
      message:
        'That is far above what this work usually costs on this class of aircraft (Annual Inspection, Single Engine Piston: up to $15,000). We will not guess a saving: the quote compares item by item',
    });
  });
});
