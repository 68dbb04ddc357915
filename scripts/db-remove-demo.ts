/**
 * `npm run db:remove-demo`: deletes every demo account (`*@stoop.test`, the password the README
 * prints) and all of its data (listings, conversations, tours, notes, applications, photos and
 * documents) in one transaction.
 * For a production database that was once seeded; the server logs an error at start until it is run.
 */
import { removeDemoData } from '../src/server/db/demo-removal.ts';
import { createStorage } from '../src/server/lib/storage.ts';
import { runWithDatabase } from './lib/cli-database.ts';

await runWithDatabase(async (opened, env) => {
  const removed = await removeDemoData(opened.database.db, createStorage(env));
  if (removed.accounts === 0) {
    console.log(`No demo accounts in ${opened.location}; nothing removed.`);
    return;
  }
  console.log(
    `Removed from ${opened.location}: ${removed.accounts} demo accounts, ${removed.listings} listings ` +
      `and their conversations, tours, notes, applications and billing; ${removed.photoFiles} photo ` +
      `files and ${removed.documentFiles} renter documents.`,
  );
});
