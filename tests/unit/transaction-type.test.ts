import { describe, expectTypeOf, it } from 'vitest';
import type { lockUserUploads } from '../../src/features/documents/quota.server.ts';
import type { lockItem } from '../../src/features/inbox/inbox-item.server.ts';
import type { Db, Tx } from '../../src/server/db/client.ts';

// A lock taken through the pool ends with its own statement: the functions whose locks must last
// until their caller commits take a transaction, and the typecheck (tsc runs over tests) refuses
// the pool. Never called: these lines only have to compile, or fail to, as their comments say.
declare const lockUploads: typeof lockUserUploads;
declare const lockInboxItem: typeof lockItem;

export function passingThePool(db: Db) {
  // @ts-expect-error an advisory lock taken on the pool would be released at once
  void lockUploads(db, 'some-user');
  // @ts-expect-error a row lock taken on the pool would be released at once
  void lockInboxItem(db, 'quotes', 'some-id');
}

export function passingATransaction(trx: Tx) {
  void lockUploads(trx, 'some-user');
  void lockInboxItem(trx, 'quotes', 'some-id');
}

describe('functions that take a lock for their caller', () => {
  it('take a transaction, which the pool is not', () => {
    expectTypeOf<Parameters<typeof lockUserUploads>[0]>().toEqualTypeOf<Tx>();
    expectTypeOf<Parameters<typeof lockItem>[0]>().toEqualTypeOf<Tx>();
    expectTypeOf<Db>().not.toExtend<Tx>();
    expectTypeOf<Tx>().toExtend<Db>();
  });
});
