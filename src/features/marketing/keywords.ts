import type { SuggestedKeywords } from '../../contract/marketing.ts';

/**
 * Job titles and phrases that find the people this business serves, by target role. They are
 * sent to Apollo as person titles, so they read like titles people actually hold.
 */
export const SUGGESTED_KEYWORDS: SuggestedKeywords = {
  pilot: [
    'aircraft owner',
    'chief pilot',
    'private pilot',
    'corporate pilot',
    'director of aviation',
    'flight department manager',
    'certified flight instructor',
    'flight school owner',
    'charter operator',
    'aerial applicator',
    'owner operator',
    'aviation manager',
  ],
  mechanic: [
    'A&P mechanic',
    'aircraft mechanic',
    'inspection authorization',
    'aircraft maintenance technician',
    'avionics technician',
    'director of maintenance',
    'maintenance manager',
    'aircraft inspector',
    'powerplant mechanic',
    'repair station manager',
    'MRO manager',
  ],
  general: [
    'general aviation',
    'FBO manager',
    'airport manager',
    'aviation maintenance',
    'aircraft sales',
    'aircraft broker',
    'flying club',
    'aircraft management',
    'aviation insurance',
    'hangar manager',
    'flight operations',
  ],
};
