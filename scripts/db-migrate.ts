/** `npm run db:migrate`: applies the committed migrations (the server also does on start). */
import { runWithDatabase } from './lib/cli-database.ts';

await runWithDatabase(async (opened) => {
  console.log(`Migrations applied to ${opened.location}.`);
});
