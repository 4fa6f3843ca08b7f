import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from '../contract/zod.ts';

/**
 * A react-hook-form resolver that validates with `schema` but keeps the values as typed (`raw`):
 * the admin dialogs send form text and let the server parse it with the same schema. The resolver
 * types cannot express "input-typed values checked by a schema with another output", so the one
 * cast of the product lives here.
 */
export function rawResolver<Values extends FieldValues>(schema: z.ZodType): Resolver<Values> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<Values>;
}
