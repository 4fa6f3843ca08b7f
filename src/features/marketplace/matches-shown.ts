/** How many mechanics of a request its answer lists by name: the nearest few (the rest are counted). */
export const MATCHES_SHOWN = 5;
