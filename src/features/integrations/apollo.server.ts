import { stateName } from '../../contract/marketing.ts';
import { z } from '../../contract/zod.ts';
import { ProviderError, providerBase, providerFetch } from './http.server.ts';

// The search answer's two lists (the People API Search's `people`, the legacy search's `contacts`);
// what a person holds is read by the marketing feature, which maps people to leads.
const ApolloSearchResponseSchema = z.looseObject({
  people: z.array(z.unknown()).default([]),
  contacts: z.array(z.unknown()).default([]),
});

/**
 * Apollo's People API Search: POST /api/v1/mixed_people/api_search with the key in `x-api-key`
 * and the filters as query parameters, as Apollo documents them. Keywords go in as job titles
 * (a person needs to match one; similar titles included), states as locations.
 */
export async function searchApolloPeople(
  apiKey: string,
  search: { keywords: readonly string[]; states: readonly string[]; quantity: number },
): Promise<unknown[]> {
  const params = new URLSearchParams();
  for (const k of search.keywords) params.append('person_titles[]', k);
  for (const s of search.states) params.append('person_locations[]', `${stateName(s)}, US`);
  if (search.states.length === 0) params.append('person_locations[]', 'United States');
  params.set('include_similar_titles', 'true');
  params.set('per_page', String(search.quantity));
  params.set('page', '1');
  const { status, body } = await providerFetch(
    'Apollo',
    `${providerBase('apollo')}/api/v1/mixed_people/api_search?${params}`,
    {
      method: 'POST',
      headers: {
        'x-api-key': apiKey,
        'Content-Type': 'application/json',
        'Cache-Control': 'no-cache',
        Accept: 'application/json',
      },
      body: '{}',
    },
  );
  const parsed = ApolloSearchResponseSchema.safeParse(body);
  if (!parsed.success) throw new ProviderError('bad_response', `Apollo sent an unexpected answer (HTTP ${status})`);
  return [...parsed.data.people, ...parsed.data.contacts];
}
