// `npm run admin:create -- --email x@y.com [--first-name A --last-name B] [--password P] [--promote]`
// Creates an administrator: the only way to become one. Without --password it asks for one on a
// terminal (leave it empty to generate one) or generates a strong one and prints it once.
// Database: DATABASE_URL / NETLIFY_DB_URL, else the local embedded one (--data-dir to pick which).
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { PASSWORD_RULES } from '../src/contract/auth.ts';
import { AdminCreateError, createAdmin, validateAdminInput } from '../src/features/auth/admin-create.server.ts';
import { findUserByEmail } from '../src/features/auth/auth.server.ts';
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startLocalDatabase, type LocalDatabase } from './lib/local-db.ts';
import { LOCAL_DATA_DIR } from './lib/paths.ts';

const USAGE = `Usage: npm run admin:create -- --email admin@example.com [options]

  --email <address>     the administrator's email (required)
  --first-name <name>   default "Site"
  --last-name <name>    default "Administrator"
  --password <secret>   at least ${PASSWORD_RULES.adminMinLength} characters; omit it to be asked on a
                        terminal or to get a generated one (safer: not kept in shell history)
  --promote             make an existing pilot or mechanic account an administrator
                        (keeps its password unless --password is given)
  --data-dir <dir>      local embedded database folder (default .data/postgres), when
                        DATABASE_URL / NETLIFY_DB_URL are not set`;

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      password: { type: 'string' },
      promote: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: LOCAL_DATA_DIR },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.email) fail(`--email is required.\n\n${USAGE}`);

const input = {
  email: args.email,
  firstName: args['first-name'],
  lastName: args['last-name'],
  password: args.password,
  promote: args.promote,
};
try {
  validateAdminInput(input); // fail on a bad email or password before starting any database
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

/** Reads a line without echoing it (a password). */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: stdin, output: stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let muted = false;
    output._writeToOutput = (s: string) => {
      if (!muted || s.includes('\n')) stdout.write(muted ? '\n' : s);
    };
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
    muted = true;
  });
}

async function promptPassword(): Promise<string | undefined> {
  for (;;) {
    const first = await askHidden(
      `Password for ${input.email} (at least ${PASSWORD_RULES.adminMinLength} characters; empty = generate one): `,
    );
    if (first === '') return undefined;
    if (first.length < PASSWORD_RULES.adminMinLength) {
      console.error(`Too short: at least ${PASSWORD_RULES.adminMinLength} characters.`);
      continue;
    }
    const again = await askHidden('Repeat the password: ');
    if (again === first) return first;
    console.error('The two entries differ; try again.');
  }
}

const configured = process.env['DATABASE_URL'] || process.env['NETLIFY_DB_URL'];
let local: LocalDatabase | undefined;
if (!configured) {
  try {
    local = await startLocalDatabase({ dataDir: args['data-dir'], persistent: true, quiet: true });
  } catch (error) {
    fail(
      `could not start the local database in ${args['data-dir']} (${error instanceof Error ? error.message : String(error)}).\n` +
        'If `npm start` is running on it, stop it first, or set DATABASE_URL to the database to use.',
    );
  }
}
const db = connectDb(configured ?? local!.url);
let exitCode = 0;
try {
  // A fresh local folder has no schema yet; a configured database is migrated by its own deploy.
  if (local) await migrateToLatest(db);
  const existing = await findUserByEmail(db, input.email);
  if (!input.password && !existing && stdin.isTTY) input.password = await promptPassword();
  const result = await createAdmin(db, input);
  const name = `${result.user.firstName} ${result.user.lastName}`;
  console.log(
    result.action === 'created'
      ? `Created administrator ${name} <${result.user.email}>.`
      : `Promoted ${name} <${result.user.email}> to administrator.`,
  );
  if (result.generatedPassword) {
    console.log(
      `\n  Password: ${result.generatedPassword}\n\nIt is shown only this once: store it in a password manager.`,
    );
  }
  console.log('Sign in at /admin.');
} catch (error) {
  if (error instanceof AdminCreateError) console.error(`admin:create: ${error.message}`);
  else console.error('admin:create failed:', error);
  exitCode = 1;
} finally {
  await db.destroy();
  // pg's pool resolves end() before its sockets close; the server stopping then "terminates" them
  // (57P01), which is expected here and must not crash the script.
  process.on('uncaughtException', (error: Error & { code?: string }) => {
    if (error.code === '57P01') return;
    console.error(error);
    process.exit(1);
  });
  await local?.stop();
}
process.exit(exitCode);
