import { describe, expect, it } from 'vitest';
import { depositChargedCents, depositInHandCents, refundFormSchema } from './payments.ts';

describe('the console refund form', () => {
  const form = refundFormSchema(120_000);
  const messages = (v: { amount: string; reason: string }) => {
    const r = form.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('sends the typed dollars as cents with the trimmed reason, the body the API checks', () => {
    expect(form.parse({ amount: '$200.50', reason: '  Brake part returned ' })).toEqual({
      amountCents: 20_050,
      reason: 'Brake part returned',
    });
  });

  it('refuses a blank, zero, negative or sub-cent amount, and more than is left', () => {
    for (const amount of ['', '0', '-5', '1.005', 'ten'])
      expect(messages({ amount, reason: 'x' })).toEqual(['amount: Enter an amount in dollars and cents, more than 0']);
    expect(messages({ amount: '1200.01', reason: 'x' })).toEqual(['amount: At most $1,200.00 can be refunded']);
  });

  it('asks for a reason', () => {
    expect(messages({ amount: '10', reason: '   ' })).toEqual(['reason: Reason is required']);
  });
});

describe("a deposit's part of a charge", () => {
  it('counts a refunded deposit as charged but not in hand', () => {
    const refunded = { depositState: 'refunded' as const, depositCents: '5000' };
    expect(depositChargedCents(refunded)).toBe(5000);
    expect(depositInHandCents(refunded)).toBe(0);
    for (const depositState of ['paid', 'transferred', 'kept'] as const)
      expect(depositInHandCents({ depositState, depositCents: 5000 })).toBe(5000);
    for (const depositState of ['none', 'due'] as const)
      expect(depositChargedCents({ depositState, depositCents: 5000 })).toBe(0);
  });
});
