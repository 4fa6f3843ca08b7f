import { AIRCRAFT_CLASSES, type AircraftClass } from '../../contract/booking.ts';
import { MARKETPLACE_SERVICE_TYPES, type MarketplaceServiceType } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';

// The words a booking is read in (a rate's class, a service): one wording for the rate list, the
// refusals, the confirmation and the reminders.

export const classLabel = (c: AircraftClass) => labelOf(AIRCRAFT_CLASSES, c);
export const serviceLabel = (s: MarketplaceServiceType) => labelOf(MARKETPLACE_SERVICE_TYPES, s);
