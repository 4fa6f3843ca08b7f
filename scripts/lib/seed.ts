import type { Db } from '../../src/server/db/client.ts';
import { seedAccounts, type DemoLogin } from './seed-accounts.ts';
import { seedAdminConsole } from './seed-admin.ts';
import { seedMaintenance } from './seed-maintenance.ts';
import { seedMarketplace } from './seed-marketplace.ts';
import { seedPublicSubmissions } from './seed-public.ts';
import { seedAnnualForNamedIa, seedFinishedJob } from './seed-records.ts';
import { seedBlog } from './seed-blog.ts';
import { seedAirmenFile } from './seed-airmen.ts';
import { seedConversations } from './seed-conversations.ts';

export interface SeedOptions {
  demoAdminPassword: string;
}

/**
 * Demo data for a local product: each step checks what is there and adds only what is missing,
 * so running it on every start changes nothing the second time.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<DemoLogin[]> {
  const logins = await seedAccounts(db, options.demoAdminPassword);
  await seedPublicSubmissions(db);
  await seedMarketplace(db);
  await seedMaintenance(db);
  await seedFinishedJob(db);
  await seedAnnualForNamedIa(db);
  await seedAirmenFile(db);
  await seedBlog(db);
  await seedAdminConsole(db);
  await seedConversations(db);
  return logins;
}
