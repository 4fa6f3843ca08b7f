import { describe, expect, it } from 'vitest';
import { QUOTE_FORM_DEFAULTS } from '../../contract/quote-fields.ts';
import { fieldErrorsOf, interpretQuoteResponse, QUOTE_TOASTS, quotePayload } from './quote-form.ts';

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
    });
  });

  it('has no savings when the server gave none', () => {
    expect(interpretQuoteResponse(201, { success: true, message: 'Thanks!' })).toMatchObject({ kind: 'success', estimatedSavings: undefined });
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
      fieldErrors: { returnPhone: 'Phone number must be a valid phone number', aircraftType: 'Aircraft type is required' },
    });
    expect(interpretQuoteResponse(429, { detail: 'Too many requests' })).toMatchObject({ kind: 'rejected', fieldErrors: {} });
  });

  it('treats an error without detail (a proxy page, no JSON) as a connection problem', () => {
    expect(interpretQuoteResponse(502, undefined)).toEqual({ kind: 'network' });
    expect(interpretQuoteResponse(500, { message: 'x' })).toEqual({ kind: 'network' });
  });

  it('reads a 503 (the service briefly down) as "try again", with or without a detail', () => {
    expect(interpretQuoteResponse(503, { detail: 'The service is briefly unavailable.' })).toEqual({ kind: 'unavailable' });
    expect(interpretQuoteResponse(503, undefined)).toEqual({ kind: 'unavailable' });
  });
});

describe('fieldErrorsOf', () => {
  it('ignores malformed entries', () => {
    expect(fieldErrorsOf({ errors: [null, { path: 1 }, { path: '', message: 'x' }, { path: 'a.b', message: 'm' }] })).toEqual({ a: 'm' });
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
