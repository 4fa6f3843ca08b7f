import { MARKETING_LIMITS, type LeadSearch, type LeadSearchResponse } from '../../contract/marketing.ts';
import { DecryptionError } from '../../server/crypto.server.ts';
import type { Db } from '../../server/db/client.ts';
import { HttpError } from '../../server/http/errors.ts';
import { credentialsFor } from '../integrations/api-keys.server.ts';
import { searchApolloPeople } from '../integrations/apollo.server.ts';
import { ProviderError } from '../integrations/http.server.ts';
import { mapApolloPerson, uniqueDrafts, type LeadDraft } from './apollo-mapping.ts';
import { recordSearch, saveLeadDrafts, setSearchSavedCount } from './leads.server.ts';
import { sampleLeads } from './sample-leads.ts';

/**
 * The Apollo key: the primary active key of Apollo under System Config > API Keys (moved there
 * from the `apollo_api_key` setting by migration 0030, docs/decisions/0198), else APOLLO_API_KEY
 * from the environment. See docs/decisions/0054-apollo-lead-search.md.
 */
export async function apolloApiKey(db: Db): Promise<string | null> {
  let stored: string | null;
  try {
    stored = (await credentialsFor(db, 'apollo'))?.apiKey ?? null;
  } catch (error) {
    if (error instanceof DecryptionError) {
      throw new HttpError(
        502,
        'Search failed: the saved Apollo API key could not be decrypted. Replace it under System Config > API Keys > Apollo.',
      );
    }
    throw error;
  }
  return stored?.trim() || process.env['APOLLO_API_KEY']?.trim() || null;
}

/** Every Apollo failure is a 502 (the upstream failed, not us) with a detail the toast shows. */
function searchFailed(error: ProviderError): HttpError {
  const reason: Record<ProviderError['kind'], string> = {
    unauthorized: 'Apollo rejected the API key',
    rate_limited: 'Apollo rate limit reached, please try again later',
    timeout: error.message,
    network: 'Apollo could not be reached',
    server: `Apollo had a server error${error.status ? ` (HTTP ${error.status})` : ''}`,
    rejected: `Apollo refused the search${error.providerMessage ? `: ${error.providerMessage}` : ''}`,
    bad_response: 'Apollo sent an unexpected answer',
  };
  return new HttpError(502, `Search failed: ${reason[error.kind]}`, {
    headers: error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {},
  });
}

/** Sample answers are searches too ("Total Searches 0" after a search); kept marked as sample. */
const recordSample = (db: Db, search: LeadSearch, userId: string) =>
  recordSearch(
    db,
    { keywords: search.keywords, states: search.states, roles: search.roles, quantity: search.quantity },
    MARKETING_LIMITS.sampleLeads,
    userId,
    true,
  );

export async function runLeadSearch(db: Db, search: LeadSearch, userId: string): Promise<LeadSearchResponse> {
  if (search.test_mode) {
    await recordSample(db, search, userId);
    return {
      success: true,
      leads: sampleLeads(search),
      message: 'Test mode: 5 sample leads generated. Nothing was saved.',
    };
  }
  const apiKey = await apolloApiKey(db);
  if (!apiKey) {
    await recordSample(db, search, userId);
    return {
      success: true,
      leads: sampleLeads(search),
      message:
        'No Apollo API key is configured, so these are 5 sample leads and nothing was saved. Add an Apollo key under System Config > API Keys.',
    };
  }

  let people: unknown[];
  try {
    people = await searchApolloPeople(apiKey, search);
  } catch (error) {
    if (error instanceof ProviderError) throw searchFailed(error);
    throw error;
  }
  const drafts = uniqueDrafts(people.map((p) => mapApolloPerson(p, search)).filter((d): d is LeadDraft => d !== null));

  const { leads, saved } = await db.transaction().execute(async (trx) => {
    const searchId = await recordSearch(
      trx,
      { keywords: search.keywords, states: search.states, roles: search.roles, quantity: search.quantity },
      drafts.length,
      userId,
    );
    const result = await saveLeadDrafts(trx, drafts, searchId);
    await setSearchSavedCount(trx, searchId, result.saved);
    return result;
  });
  const known = leads.length - saved;
  const message =
    drafts.length === 0
      ? 'Apollo found no people for these keywords and states. Try broader keywords or more states.'
      : `Found ${drafts.length} lead${drafts.length === 1 ? '' : 's'}: ${saved} new saved${known ? `, ${known} already in your list` : ''}.`;
  return { success: true, leads, message };
}
