import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/auth.ts';
import { createUserWithPassword } from '../../src/server/modules/users/users.service.ts';

/**
 * A bench's own accounts, `<name>@<domain>` with one password: made on the first run, found on
 * the next (a bench's database is kept between runs).
 */
export function benchUsers(domain: string, password: string) {
  return async (db: Db, name: string, userType: 'landlord' | 'renter') => {
    const email = `${name}@${domain}`;
    const find = () => db.select({ id: users.id }).from(users).where(eq(users.email, email));
    let [row] = await find();
    if (!row) {
      await createUserWithPassword({ ctx: { db }, input: { email, name, password, userType } });
      [row] = await find();
    }
    if (!row) throw new Error(`no user ${email}`);
    return { id: row.id, email };
  };
}
