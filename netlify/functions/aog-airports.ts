import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { nearestAirports, searchAirports } from '../../src/features/aog/airports.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

const SHOWN = 6;

// The airports an AOG report offers: nearest to the phone's position first, or those matching what was typed.
export default withApi(
  serve(ROUTES.aogAirports, async (ctx) => {
    const { lat, lon, q } = ctx.query(ROUTES.aogAirports.query);
    if (q)
      return reply(
        ROUTES.aogAirports,
        searchAirports(q, SHOWN).map((a) => ({ code: a.code, label: a.label, distanceMiles: null })),
      );
    if (lat === undefined || lon === undefined) return reply(ROUTES.aogAirports, []);
    return reply(
      ROUTES.aogAirports,
      nearestAirports({ latitude: lat, longitude: lon }, SHOWN).map((a) => ({
        code: a.code,
        label: a.label,
        distanceMiles: a.distanceMiles,
      })),
    );
  }),
);

export const config: Config = { path: '/api/aog/airports' };
