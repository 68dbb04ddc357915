import { count } from 'drizzle-orm';
import type { UserType } from '../../shared/constants.ts';
import { createUserWithPassword } from '../modules/users/users.service.ts';
import type { Db } from './client.ts';
import { users } from './schema/auth.ts';

/** Documented in the README; demo data is for local use only. */
export const DEMO_PASSWORD = 'stoop-demo-2026';

export const DEMO_ACCOUNTS: { email: string; name: string; userType: UserType }[] = [
  { email: 'renter@stoop.test', name: 'Maya Chen', userType: 'renter' },
  { email: 'landlord@stoop.test', name: 'Daniel Okafor', userType: 'landlord' },
  { email: 'admin@stoop.test', name: 'Stoop Admin', userType: 'admin' },
];

/** Loads the demo data. Idempotent: a second run creates nothing. Returns what it created. */
export async function seedDemoData(db: Db): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await createUserWithPassword({
      db,
      input: { ...account, password: DEMO_PASSWORD },
    });
    if (user) created.push(user.email);
  }
  return created;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users);
  return (row?.users ?? 0) === 0;
}
