import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../shared/schemas/error.ts';
import type { Db } from '../db/client.ts';
import { adminPerson } from './admin-fixtures.ts';
import { type Person, person } from './messaging-fixtures.ts';
import type { ApiClient } from './test-app.ts';

/**
 * The authorization-matrix tests: a cast of callers signed up once per file, and rows of
 * `{ request, expect: { caller: status } }`, each row a `describe` of one test per caller, so a
 * failure names both the route and the caller. The callers a row denies go first, so a wrongful
 * 2xx cannot hide behind the change the rightful caller makes.
 */

/** Nobody signed in: each call goes from a fresh browser. */
export const SIGNED_OUT = 'signedOut';
export type Seat = Pick<Person, 'client'> | typeof SIGNED_OUT;

/** A status, or a status and the error message the answer must carry. */
export type Answer = number | { status: number; message?: string };
export type Call = { method: string; path: string; body?: unknown };

export type MatrixRow<C extends string, T> = {
  name: string;
  /** Only the callers named here are tried. */
  expect: Partial<Record<C, Answer>>;
  /** Made once per row, before any caller: what the requests act on. */
  setup?: () => Promise<T>;
  /** Built afresh for each caller. */
  request: (target: T, caller: C) => Call;
  /** A snapshot each refused call must leave as it was. */
  unchanged?: () => Promise<unknown>;
  /** Extra checks on each answer (e.g. that nothing leaks to an outsider). */
  inspect?: (caller: C, status: number, text: string) => void;
  /** Checks once every caller has been tried. */
  after?: (target: T) => Promise<void>;
};

type Role = 'renter' | 'landlord' | 'admin';

/** Signs up one person per caller (admins are made as the CLI makes them). */
export async function signUpCast<C extends string>(
  client: ApiClient,
  db: Db,
  roles: Record<C, Role>,
): Promise<Record<C, Person>> {
  const cast: Partial<Record<C, Person>> = {};
  for (const [caller, role] of Object.entries(roles) as [C, Role][]) {
    cast[caller] = role === 'admin' ? await adminPerson(client, db) : await person(client, role);
  }
  return cast as Record<C, Person>;
}

const statusOf = (answer: Answer) => (typeof answer === 'number' ? answer : answer.status);

export function authzMatrix<C extends string>(options: {
  /** Forked for the signed-out caller. */
  client: ApiClient;
  /** Read at call time, so a file may swap a caller between rows. */
  seats: Record<C, Seat>;
  /** Sends a call; by default as JSON. */
  send?: (browser: ApiClient, call: Call) => Promise<Response>;
}) {
  const { client, seats } = options;
  const send = options.send ?? ((browser, c) => browser.request(c.method, c.path, c.body));

  function browser(caller: C): ApiClient {
    const seat = seats[caller];
    return seat === SIGNED_OUT ? client.fork() : seat.client;
  }

  function call(caller: C, request: Call): Promise<Response> {
    return send(browser(caller), request);
  }

  /** Registers the row: one test per caller, denied callers first, then `after`. */
  function row<T>(spec: MatrixRow<C, T>): void {
    const callers = (Object.keys(seats) as C[]).filter((c) => spec.expect[c] !== undefined);
    const expected = (c: C) => spec.expect[c] as Answer;
    const order = [
      ...callers.filter((c) => statusOf(expected(c)) >= 300),
      ...callers.filter((c) => statusOf(expected(c)) < 300),
    ];
    // The tests of a file run in order; the first one to run makes the row's target.
    let target: Promise<T> | undefined;
    const made = () => {
      target ??= spec.setup ? spec.setup() : Promise.resolve(undefined as T);
      return target;
    };
    describe(spec.name, () => {
      for (const caller of order) {
        const answer = expected(caller);
        const status = statusOf(answer);
        it(`as ${caller} → ${status}`, async () => {
          const request = spec.request(await made(), caller);
          const before = status >= 400 ? await spec.unchanged?.() : undefined;
          const res = await call(caller, request);
          const text = await res.text();
          expect(res.status, `${caller} ${request.method} ${request.path}: ${text}`).toBe(status);
          if (status >= 400) {
            const { error } = ErrorBodySchema.parse(JSON.parse(text));
            if (typeof answer !== 'number' && answer.message !== undefined) {
              expect(error.message).toBe(answer.message);
            }
            if (status === 401) expect(error.code).toBe('UNAUTHENTICATED');
            // A refused request changes nothing.
            if (spec.unchanged) expect(await spec.unchanged()).toEqual(before);
          }
          spec.inspect?.(caller, res.status, text);
        });
      }
      const after = spec.after;
      if (after) it('afterwards', async () => after(await made()));
    });
  }

  return { browser, call, row };
}
