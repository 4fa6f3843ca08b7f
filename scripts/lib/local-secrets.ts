import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_SECRETS_FILE } from './paths.ts';

export interface LocalSecrets {
  JWT_SECRET: string;
  CONFIG_ENCRYPTION_KEY: string;
  DEMO_ADMIN_PASSWORD: string;
}

/**
 * Secrets for a laptop: generated once, kept in a git-ignored file, exported to the environment
 * unless already set there. Production sets its own in Netlify's environment variables.
 */
export function loadLocalSecrets(file = LOCAL_SECRETS_FILE): LocalSecrets {
  let secrets: Partial<LocalSecrets> = {};
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
  const complete: LocalSecrets = {
    JWT_SECRET: secrets.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    CONFIG_ENCRYPTION_KEY: secrets.CONFIG_ENCRYPTION_KEY ?? randomBytes(32).toString('base64'),
    DEMO_ADMIN_PASSWORD: secrets.DEMO_ADMIN_PASSWORD ?? `Admin-${randomBytes(6).toString('base64url')}`,
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(complete, null, 2), { mode: 0o600 });
  process.env['JWT_SECRET'] ??= complete.JWT_SECRET;
  process.env['CONFIG_ENCRYPTION_KEY'] ??= complete.CONFIG_ENCRYPTION_KEY;
  return complete;
}
