import type { RouteSpec } from './routes/route.ts';
import { ROUTES as admin } from './routes/admin.ts';
import { ROUTES as aog } from './routes/aog.ts';
import { ROUTES as auth } from './routes/auth.ts';
import { ROUTES as blog } from './routes/blog.ts';
import { ROUTES as booking } from './routes/booking.ts';
import { ROUTES as conversations } from './routes/conversations.ts';
import { ROUTES as documents } from './routes/documents.ts';
import { ROUTES as inbox } from './routes/inbox.ts';
import { ROUTES as maintenance } from './routes/maintenance.ts';
import { ROUTES as marketing } from './routes/marketing.ts';
import { ROUTES as marketplace } from './routes/marketplace.ts';
import { ROUTES as payments } from './routes/payments.ts';
import { ROUTES as records } from './routes/records.ts';
import { ROUTES as site } from './routes/site.ts';

export {
  pathOf,
  type Access,
  type Done,
  type Envelope,
  type HttpMethod,
  type InputOf,
  type OutputOf,
  type ParamNames,
  type ParsedInputOf,
  type Route,
  type RouteSpec,
} from './routes/route.ts';

/**
 * Every route of the product, composed from one file per domain under `src/contract/routes/`
 * (the route's method, path, who may call it, its body and query schemas, its answer type: see
 * `routes/route.ts`). The functions serve and answer through this table; an island imports its
 * own domain's file, so it does not pull every other domain's schemas.
 */
export const ROUTES = {
  ...admin,
  ...aog,
  ...auth,
  ...blog,
  ...booking,
  ...conversations,
  ...documents,
  ...inbox,
  ...maintenance,
  ...marketing,
  ...marketplace,
  ...payments,
  ...records,
  ...site,
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
export type Routes = typeof ROUTES;
