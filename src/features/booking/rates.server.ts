import { type AircraftClass, type Rate, type RateData } from '../../contract/booking.ts';
import { type MarketplaceServiceType } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import { classLabel } from './labels.ts';

// A mechanic's flat rates: what an owner can book without asking for bids, priced by service and
// aircraft class.

const toRate = (r: {
  serviceType: MarketplaceServiceType;
  aircraftClass: AircraftClass;
  priceCents: string;
  includes: string | null;
  days: number;
}): Rate => ({
  serviceType: r.serviceType,
  aircraftClass: r.aircraftClass,
  aircraftClassLabel: classLabel(r.aircraftClass),
  priceCents: Number(r.priceCents),
  includes: r.includes,
  days: r.days,
});

export async function listRates(db: Db, mechanicId: string): Promise<Rate[]> {
  const rows = await db
    .selectFrom('mechanicRates')
    .selectAll()
    .where('mechanicId', '=', mechanicId)
    .orderBy('serviceType')
    .orderBy('aircraftClass')
    .execute();
  return rows.map(toRate);
}

/** Replaces the mechanic's whole list of flat rates. */
export async function saveRates(db: Db, mechanicId: string, rates: readonly RateData[]): Promise<Rate[]> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mechanicRates').where('mechanicId', '=', mechanicId).execute();
    if (rates.length > 0) {
      await trx
        .insertInto('mechanicRates')
        .values(
          rates.map((r) => ({
            mechanicId,
            serviceType: r.serviceType,
            aircraftClass: r.aircraftClass,
            priceCents: r.priceCents,
            includes: r.includes,
            days: r.days,
          })),
        )
        .execute();
    }
  });
  return listRates(db, mechanicId);
}
