import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { listings } from '../../db/schema/listings.ts';
import { createTestApp } from '../../test/test-app.ts';
import { ListingSearch } from './listing-search.ts';

const { db, client } = await createTestApp();

const logPosition = async () =>
  Number(
    (await db.execute<{ seq: string }>(sql`select seq::text from listing_change_counter`)).rows[0]
      ?.seq,
  );

describe('ListingSearch following the change log', () => {
  it('applies pending entries in number order across a digit boundary, without reloading', async () => {
    const landlord = client.fork();
    await landlord.signUp({ userType: 'landlord' });
    const me = (await (await landlord.get('/api/me')).json()) as { user: { id: string } };
    const [listing] = await db
      .insert(listings)
      .values({ landlordId: me.user.id, title: 'Log order check' })
      .returning({ id: listings.id });
    const search = new ListingSearch(db);
    await search.current();
    // `load` is private: counting its calls is the point of this test.
    const load = vi.spyOn(search as unknown as { load: () => Promise<void> }, 'load');

    // Leave entries pending from one below a power of ten to past it ("9" sorts after "10" as text).
    const start = await logPosition();
    const boundary = 10 ** String(start + 2).length;
    for (let seq = start; seq < boundary + 2; seq++) {
      await db.execute(sql`update listings set title = title where id = ${listing?.id}`);
    }
    await search.catchUp();

    expect(load).not.toHaveBeenCalled();
    expect(search.state.seq).toBe(await logPosition());
  });
});
