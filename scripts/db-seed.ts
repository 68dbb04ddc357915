/**
 * `npm run db:seed [-- --listings N]`: migrations, then the demo data (accounts, landlords,
 * listings with photos in DATA_DIR/media). Seeding twice creates nothing.
 */
import { parseArgs } from 'node:util';
import { createStorage } from '../src/server/lib/storage.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../src/server/seed/seed.ts';
import { runWithDatabase } from './lib/cli-database.ts';

const USAGE = 'Usage: npm run db:seed [-- --listings N]';

function listingsOption(): number | undefined {
  try {
    const { values } = parseArgs({ options: { listings: { type: 'string' } } });
    if (values.listings === undefined) return undefined;
    const count = Number(values.listings);
    if (Number.isInteger(count) && count >= 0) return count;
    throw new Error(`--listings must be a whole number, not "${values.listings}".`);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const listings = listingsOption();

await runWithDatabase(async (opened, env) => {
  const created = await seedDemoData(opened.database.db, {
    storage: createStorage(env),
    listings,
    photoCacheDir: env.SEED_PHOTO_CACHE_DIR,
  });
  if (created.length === 0) {
    console.log(`Demo data already present in ${opened.location}; nothing created.`);
  } else {
    console.log(`Seeded ${opened.location}. Created ${created.length}:`);
    for (const item of created) console.log(`  ${item}`);
  }
  const accounts = DEMO_ACCOUNTS.map((a) => `${a.email} (${a.userType})`).join(', ');
  console.log(`Demo accounts: ${accounts}; password ${DEMO_PASSWORD}`);
});
