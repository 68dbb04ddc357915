import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { createUserWithPassword } from '../modules/users/users.service.ts';
import type { Person } from './messaging-fixtures.ts';
import { type ApiClient, TEST_PASSWORD, uniqueEmail } from './test-app.ts';

/** A signed-in admin: admins are made only outside sign-up (the CLI), so here too. */
export async function adminPerson(client: ApiClient, db: Db, name = 'Ada Admin'): Promise<Person> {
  const email = uniqueEmail('admin');
  const user = await createUserWithPassword({
    ctx: { db },
    input: {
      email,
      name: `${name} ${randomUUID().slice(0, 4)}`,
      password: TEST_PASSWORD,
      userType: 'admin',
    },
  });
  if (!user) throw new Error('admin not created');
  const browser = client.fork();
  const res = await browser.signIn(email);
  expect(res.status).toBe(200);
  return { client: browser, id: user.id, email, name: user.name };
}

/** The error body's code and message. */
export async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { code: body.error.code, message: body.error.message };
}
