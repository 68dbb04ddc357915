import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** `rentCents` → `rent_cents`: the database's name for a schema key (client.ts: snake_case). */
type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : S;

/** node-postgres under drizzle returns timestamps to raw SQL as text (lib/time.ts reads it). */
type Wire<T> = T extends Date ? string : T;

/**
 * A row as raw SQL returns it, typed from the schema: `RawRow<Pick<typeof t.$inferSelect,
 * 'id' | 'createdAt'>>` is `{ id: string; created_at: string }`. A renamed column fails the
 * type check here instead of in production.
 */
export type RawRow<T> = { [K in keyof T & string as Snake<K>]: Wire<T[K]> };

/** `"m"."id", "m"."created_at"`: a select list from schema columns (of a table or an alias). */
export function columns<C extends object>(table: C, keys: readonly (keyof C & string)[]): SQL {
  return sql.join(
    keys.map((key) => sql`${table[key] as AnyColumn}`),
    sql`, `,
  );
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The text of a statement without parameters, for the few that run by name (prepared once per
 * connection, `db.$client.query`), so they too name columns through the schema.
 */
export function sqlText(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error('sqlText: a named statement takes $n parameters');
  return text;
}
