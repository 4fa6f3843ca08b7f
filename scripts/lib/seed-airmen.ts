import { randomUUID } from 'node:crypto';
import {
  NONPILOT_BASIC_COLUMNS,
  NONPILOT_BASIC_HEADER,
  NONPILOT_CERT_COLUMNS,
  NONPILOT_CERT_HEADER,
} from '../../src/contract/airmen-file.ts';
import { importFromForm } from '../../src/features/admin/airmen-file/import-form.server.ts';
import { hashPassword } from '../../src/server/auth/password.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { DEMO_ACCOUNTS } from './seed-accounts.ts';

/**
 * The FAA airmen file in the demo (docs/decisions/0120): three mechanics waiting for approval and
 * a small extract of the file in the FAA's layout, imported through the product's own import, so
 * the console's approval queue shows each verdict (found, several matches, no match), its FAA
 * section the last import, and pilots the badge on the demo mechanic's quotes. Added only once.
 */

interface Airman {
  id: string;
  first: string;
  last: string;
  city: string;
  state: string;
  /** Certificate type and ratings ('M', ['M/A', 'M/P']); none for a person with no mechanic certificate. */
  certs: Array<{ type: string; ratings: string[] }>;
}

const AP = [{ type: 'M', ratings: ['M/A', 'M/P'] }];

/** People of the extract: the demo's mechanics as the FAA would list them, and a few others. */
const AIRMEN: Airman[] = [
  { id: 'A0412201', first: 'MANNY', last: 'MECHANIC', city: 'SAN JOSE', state: 'CA', certs: AP },
  { id: 'A0412202', first: 'DALE ROBERT', last: 'BROOKS', city: 'SPARKS', state: 'NV', certs: AP },
  { id: 'A0412203', first: 'TOMAS', last: 'REYES', city: 'FRESNO', state: 'CA', certs: AP },
  { id: 'A0412204', first: 'JORDAN', last: 'LEE', city: 'AUSTIN', state: 'TX', certs: AP },
  {
    id: 'A0412205',
    first: 'JORDAN A',
    last: 'LEE',
    city: 'ROUND ROCK',
    state: 'TX',
    certs: [{ type: 'M', ratings: ['M/P'] }],
  },
  { id: 'A0412206', first: 'PRIYA', last: 'RAMAN', city: 'TUCSON', state: 'AZ', certs: AP },
  {
    id: 'A0412207',
    first: 'WES',
    last: 'HOLLOWAY',
    city: 'BOZEMAN',
    state: 'MT',
    certs: [{ type: 'M', ratings: ['M/A'] }],
  },
  {
    id: 'A0412208',
    first: 'GRACE',
    last: 'OKAFOR',
    city: 'DENVER',
    state: 'CO',
    certs: [{ type: 'G', ratings: ['G/AGI'] }],
  },
];

/** Mechanics who signed up and wait for an administrator: one found, one with two namesakes, one absent. */
const PENDING = [
  {
    email: 'tomas.reyes@example.com',
    firstName: 'Tomás',
    lastName: 'Reyes',
    location: 'Fresno, CA',
    certificationNumber: '3902117',
  },
  {
    email: 'jordan.lee@example.com',
    firstName: 'Jordan',
    lastName: 'Lee',
    location: 'Austin, TX',
    certificationNumber: '3855016',
  },
  {
    email: 'casey.nguyen@example.com',
    firstName: 'Casey',
    lastName: 'Nguyen',
    location: 'Boise, ID',
    certificationNumber: '4018832',
  },
];

function line(columns: readonly string[], values: Record<string, string>): string {
  return `${columns.map((c) => values[c] ?? '').join(',')},`;
}

/** The two files, in the FAA's layout (header lines as the FAA writes them, CRLF, trailing commas). */
function extract(): { basic: string; cert: string } {
  const basic = [NONPILOT_BASIC_HEADER];
  const cert = [NONPILOT_CERT_HEADER];
  for (const a of AIRMEN) {
    basic.push(
      line(NONPILOT_BASIC_COLUMNS, {
        'UNIQUE ID': a.id,
        'FIRST NAME': a.first,
        'LAST NAME': a.last,
        'STREET 1': '100 HANGAR RD',
        CITY: a.city,
        STATE: a.state,
        'ZIP CODE': '00000',
        COUNTRY: 'USA',
      }),
    );
    for (const c of a.certs) {
      const ratings = Object.fromEntries(c.ratings.map((r, i) => [`RATING${i + 1}`, r]));
      cert.push(
        line(NONPILOT_CERT_COLUMNS, {
          'UNIQUE ID': a.id,
          'FIRST NAME': a.first,
          'LAST NAME': a.last,
          TYPE: c.type,
          ...ratings,
        }),
      );
    }
  }
  return { basic: `${basic.join('\r\n')}\r\n`, cert: `${cert.join('\r\n')}\r\n` };
}

export async function seedAirmenFile(db: Db): Promise<void> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ACCOUNTS.admin.email)
    .executeTakeFirst();
  if (!admin) return;
  const imported = await db.selectFrom('airmenImports').select('id').limit(1).executeTakeFirst();
  if (imported) return;

  for (const m of PENDING) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', m.email).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('users')
      .values({
        ...m,
        role: 'mechanic',
        passwordHash: await hashPassword(randomUUID()),
        phone: null,
        yearsExperience: 8,
        serviceRadius: 50,
        hourlyRate: 95,
        mechanicStatus: 'pending',
      })
      .execute();
  }

  const files = extract();
  const form = new FormData();
  form.set('month', new Date().toISOString().slice(0, 7));
  form.set('basic', new File([files.basic], 'NONPILOT_BASIC.csv', { type: 'text/csv' }));
  form.set('cert', new File([files.cert], 'NONPILOT_CERT.csv', { type: 'text/csv' }));
  await importFromForm(db, admin.id, form);
}
