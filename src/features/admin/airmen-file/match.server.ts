import { sql } from 'kysely';
import { AIRMEN_AUTO_APPROVE_SETTING, type AirmenVerdict, type MechanicRating } from '../../../contract/airmen-file.ts';
import type { Db } from '../../../server/db/client.ts';
import { readSetting } from '../../../server/settings.server.ts';
import { resolveLocation } from '../../marketplace/geo/resolve.ts';
import { US_STATES_AND_DC } from '../../../contract/us-states.ts';
import { approveMechanic, mechanicForReview } from '../mechanic-vetting.server.ts';
import { firstKey, lastKey } from './csv.ts';

/**
 * Matching the site's mechanics against the last FAA airmen file (docs/decisions/0120). The file
 * has no certificate numbers, so a mechanic is looked up by what it does hold: the first given name
 * and the last name (normalized: case, accents, punctuation, middle names, suffixes) and the state
 * of the mechanic's registered location, among people holding a mechanic certificate ('M'). One
 * person found is a match (with that certificate's ratings), none "No match", more "Several matches".
 */

const STATE_CODES = new Set<string>(US_STATES_AND_DC.map((s) => s.code));

/** The two-letter state at the end of a place label: 'KSJC (San Jose, CA)' or 'San Jose, CA'. */
function stateOfLabel(label: string | null | undefined): string | null {
  const code = /,\s*([A-Za-z]{2})\)?\s*$/.exec(label ?? '')?.[1]?.toUpperCase();
  return code && STATE_CODES.has(code) ? code : null;
}

/**
 * The state of a mechanic's registered location: the resolved base of the profile when there is
 * one, else the location typed at sign-up ('KSJC', 'San Jose, CA', 'Austin, Texas').
 */
export function mechanicState(
  profileLabel: string | null | undefined,
  signUpLocation: string | null | undefined,
): string | null {
  const fromProfile = stateOfLabel(profileLabel);
  if (fromProfile) return fromProfile;
  const resolved = resolveLocation(signUpLocation);
  if (resolved) return stateOfLabel(resolved.label);
  const text = (signUpLocation ?? '').trim();
  const direct = stateOfLabel(text);
  if (direct) return direct;
  const tail = text.split(',').at(-1)?.trim().toLowerCase();
  return US_STATES_AND_DC.find((s) => s.name.toLowerCase() === tail)?.code ?? null;
}

interface MechanicKey {
  id: string;
  status: string | null;
  first: string;
  last: string;
  state: string | null;
}

async function mechanicKeys(db: Db, ids?: readonly string[]): Promise<MechanicKey[]> {
  let q = db
    .selectFrom('users as u')
    .leftJoin('mechanicProfiles as p', 'p.userId', 'u.id')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.location', 'u.mechanicStatus', 'p.baseLocationLabel'])
    .where('u.role', '=', 'mechanic');
  if (ids) q = q.where('u.id', 'in', [...ids]);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.mechanicStatus,
    first: firstKey(r.firstName),
    last: lastKey(r.lastName),
    state: mechanicState(r.baseLocationLabel, r.location),
  }));
}

interface Verdict {
  mechanicId: string;
  verdict: AirmenVerdict;
  ratings: MechanicRating[];
  candidates: number;
  uniqueId: string | null;
}

/** Looks every mechanic up in one query (a join on the matching index), verdicts in memory. */
async function verdictsFor(db: Db, importId: string, keys: readonly MechanicKey[]): Promise<Verdict[]> {
  const usable = keys.filter((k) => k.first && k.last && k.state);
  const hits = new Map<string, Map<string, Set<MechanicRating>>>();
  for (let i = 0; i < usable.length; i += 5000) {
    const b = usable.slice(i, i + 5000);
    const { rows } = await sql<{ mechanicId: string; uniqueId: string; ratings: string[] }>`
      select m.mechanic_id, p.unique_id, c.ratings
      from unnest(${b.map((k) => k.id)}::uuid[], ${b.map((k) => k.first)}::text[], ${b.map((k) => k.last)}::text[], ${b.map((k) => k.state)}::text[])
        as m(mechanic_id, first_key, last_key, state)
      join airmen_people p on p.import_id = ${importId}::uuid and p.last_key = m.last_key and p.first_key = m.first_key and p.state = m.state
      join airmen_certs c on c.import_id = p.import_id and c.unique_id = p.unique_id and c.cert_type = 'M'`.execute(db);
    for (const r of rows) {
      const people = hits.get(r.mechanicId) ?? new Map<string, Set<MechanicRating>>();
      const ratings = people.get(r.uniqueId) ?? new Set<MechanicRating>();
      for (const x of r.ratings) if (x === 'A' || x === 'P') ratings.add(x);
      people.set(r.uniqueId, ratings);
      hits.set(r.mechanicId, people);
    }
  }
  return keys.map((k) => {
    const people = hits.get(k.id);
    const n = people?.size ?? 0;
    if (n === 1) {
      const [[uniqueId, ratings]] = [...people!.entries()] as [[string, Set<MechanicRating>]];
      return { mechanicId: k.id, verdict: 'match', ratings: [...ratings].sort(), candidates: 1, uniqueId };
    }
    return { mechanicId: k.id, verdict: n === 0 ? 'none' : 'several', ratings: [], candidates: n, uniqueId: null };
  });
}

async function storeVerdicts(db: Db, importId: string, month: string, verdicts: readonly Verdict[]): Promise<void> {
  for (let i = 0; i < verdicts.length; i += 2000) {
    const b = verdicts.slice(i, i + 2000);
    await sql`
      insert into mechanic_airmen_matches (mechanic_id, import_id, month, verdict, ratings, candidates, airman_unique_id, checked_at)
      select m, ${importId}::uuid, ${month}, v, case when r = '' then '{}'::text[] else string_to_array(r, ',') end, n, u, now()
      from unnest(${b.map((v) => v.mechanicId)}::uuid[], ${b.map((v) => v.verdict)}::text[], ${b.map((v) => v.ratings.join(','))}::text[],
        ${b.map((v) => v.candidates)}::integer[], ${b.map((v) => v.uniqueId)}::text[]) as x(m, v, r, n, u)
      on conflict (mechanic_id) do update set import_id = excluded.import_id, month = excluded.month, verdict = excluded.verdict,
        ratings = excluded.ratings, candidates = excluded.candidates, airman_unique_id = excluded.airman_unique_id, checked_at = excluded.checked_at`.execute(
      db,
    );
  }
}

/** Whether the admin turned on "approve automatically on a single exact match". */
export async function autoApproveEnabled(db: Db): Promise<boolean> {
  const value = await readSetting(db, AIRMEN_AUTO_APPROVE_SETTING.category, AIRMEN_AUTO_APPROVE_SETTING.key);
  return value?.trim().toLowerCase() === 'true';
}

/** A single exact match: one person, holding a mechanic certificate with airframe and powerplant. */
const approvable = (v: Verdict) => v.verdict === 'match' && v.ratings.includes('A') && v.ratings.includes('P');

async function autoApprove(db: Db, keys: readonly MechanicKey[], verdicts: readonly Verdict[]): Promise<number> {
  if (!(await autoApproveEnabled(db))) return 0;
  const pending = new Set(keys.filter((k) => k.status === 'pending').map((k) => k.id));
  let approved = 0;
  for (const v of verdicts) {
    if (!pending.has(v.mechanicId) || !approvable(v)) continue;
    // The file matched a name, not a number nor an IA: the account is approved with the number it
    // names now, and an IA waits for an administrator (docs/decisions/0350).
    const now = await mechanicForReview(db, v.mechanicId);
    if (!now) continue;
    const reviewed = {
      apNumber: now.toVerify.apNumber,
      iaAuthorization: now.toVerify.iaAuthorization,
      verifyIa: false,
    };
    await approveMechanic(db, v.mechanicId, reviewed).then(
      () => (approved += 1),
      (e: unknown) => console.warn(`Could not approve mechanic ${v.mechanicId} automatically`, e),
    );
  }
  return approved;
}

/** Every mechanic of the site against a just-completed import. */
export async function matchAllMechanics(
  db: Db,
  importId: string,
): Promise<{ checked: number; matched: number; autoApproved: number }> {
  const job = await db.selectFrom('airmenImports').select('month').where('id', '=', importId).executeTakeFirstOrThrow();
  const keys = await mechanicKeys(db);
  const verdicts = await verdictsFor(db, importId, keys);
  await storeVerdicts(db, importId, job.month, verdicts);
  const autoApproved = await autoApprove(db, keys, verdicts);
  return { checked: verdicts.length, matched: verdicts.filter((v) => v.verdict === 'match').length, autoApproved };
}

/**
 * One mechanic against the current file (after sign-up or a changed profile location); nothing
 * before the first import. Auto-approval applies as for a whole import.
 */
export async function matchMechanic(db: Db, mechanicId: string): Promise<void> {
  const current = await db
    .selectFrom('airmenImports')
    .select(['id', 'month'])
    .where('status', '=', 'completed')
    .orderBy('completedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!current) return;
  const keys = await mechanicKeys(db, [mechanicId]);
  if (keys.length === 0) return;
  const verdicts = await verdictsFor(db, current.id, keys);
  await storeVerdicts(db, current.id, current.month, verdicts);
  await autoApprove(db, keys, verdicts);
}

/** matchMechanic for sign-up and profile saves: a failed lookup is logged, never an error to the mechanic. */
export async function matchMechanicQuietly(db: Db, mechanicId: string): Promise<void> {
  await matchMechanic(db, mechanicId).catch((e: unknown) =>
    console.warn(`Could not check mechanic ${mechanicId} against the FAA airmen file`, e),
  );
}
