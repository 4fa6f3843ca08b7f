import { z } from 'zod';

/**
 * Server configuration, read once from the environment and validated.
 * Netlify Functions see the site's environment variables in `process.env`.
 */
const EnvSchema = z.object({
  NETLIFY_DB_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  CONFIG_ENCRYPTION_KEY: z.string().optional(),
  /** Public writes (quote form, lead popup) allowed per client IP per window. */
  PUBLIC_WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  PUBLIC_WRITE_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Where the business wants new quote requests announced when no admin setting overrides it. */
  NOTIFICATION_EMAIL: z.email().default('quotes@skywardmobileaviation.com'),
  SITE_URL: z.string().optional(),
  URL: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** The local product's address when neither SITE_URL nor Netlify's URL is set (astro.config.mjs says the same). */
export const LOCAL_SITE_URL = 'http://localhost:4321';

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid server configuration: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change the environment between cases; they call this to re-read it. */
export function resetEnvCache(): void {
  cached = undefined;
}
