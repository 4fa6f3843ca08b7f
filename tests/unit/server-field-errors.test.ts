import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/lib/api-client.ts';
import { fieldErrorList, placeFieldErrors } from '../../src/lib/server-field-errors.ts';

// A 400's field problems go under the form's own fields (docs/decisions/0457-one-form-stack.md).

const refusal = (errors: Array<{ path: string; message: string }>) =>
  new ApiError(400, 'Check the fields', 'Check the fields', errors);

describe('placeFieldErrors', () => {
  test('places each problem on the field the form has, the first focused, and says it placed them', () => {
    const set: Array<[string, string, boolean | undefined]> = [];
    const placed = placeFieldErrors(
      refusal([
        { path: 'reason', message: 'Give a reason' },
        { path: 'times.1.date', message: 'Not a date' },
        { path: 'reason', message: 'A second problem of the same field' },
        { path: 'ifVersion', message: 'Not the form’s' },
      ]),
      (name, error, options) => set.push([name, error.message ?? '', options?.shouldFocus]),
      ['times', 'reason'],
    );
    expect(placed).toBe(true);
    expect(set).toEqual([
      ['reason', 'Give a reason', true],
      ['times.1.date', 'Not a date', false],
    ]);
  });

  test('leaves the alert what no field owns: another status, no list, or only foreign paths', () => {
    const never = () => {
      throw new Error('nothing is placed');
    };
    expect(placeFieldErrors(new ApiError(409, 'Changed elsewhere', 'x'), never, ['reason'])).toBe(false);
    expect(placeFieldErrors(new Error('offline'), never, ['reason'])).toBe(false);
    expect(placeFieldErrors(refusal([{ path: 'other', message: 'm' }]), never, ['reason'])).toBe(false);
  });
});

test('fieldErrorList flattens the form’s nested problems to the server’s paths', () => {
  expect(
    fieldErrorList({
      note: { type: 'server', message: 'Too long' },
      lines: { 0: { laborHours: { type: 'zod', message: 'Hours must be a number' } }, root: { message: 'Add a line' } },
    } as never),
  ).toEqual([
    { path: 'note', message: 'Too long' },
    { path: 'lines.0.laborHours', message: 'Hours must be a number' },
    { path: 'lines', message: 'Add a line' },
  ]);
});
