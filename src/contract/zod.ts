import { z } from 'zod';

/**
 * zod, configured once before any schema is built. In the browser zod must not probe for
 * `new Function` (its compiled object parsers): the content policy forbids eval, and the probe,
 * although caught, is reported as a CSP violation (docs/decisions/0094). Servers keep the faster
 * compiled parsers. Every schema module imports `z` from here, never from 'zod' directly.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
