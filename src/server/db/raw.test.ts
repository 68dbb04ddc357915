import { sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { columns, type RawRow, sqlText } from './raw.ts';
import { listings } from './schema/listings.ts';
import { messages } from './schema/messaging.ts';

type Listing = typeof listings.$inferSelect;

describe('raw SQL typed from the schema', () => {
  it('names a row by the database columns, timestamps as text', () => {
    expectTypeOf<RawRow<Pick<Listing, 'rentCents' | 'publishedAt' | 'amenities'>>>().toEqualTypeOf<{
      rent_cents: number | null;
      published_at: string | null;
      amenities: string[];
    }>();
    // A column that is not in the schema (renamed, say) fails the type check.
    // @ts-expect-error 'rentCent' is not a column of listings
    expectTypeOf<RawRow<Pick<Listing, 'rentCent'>>>().toBeObject();
  });

  it('renders schema columns under their database names, through an alias', () => {
    const m = alias(messages, 'm');
    const dialect = new PgDialect({ casing: 'snake_case' });
    const query = sql`select ${columns(m, ['id', 'receiverReadAt'])} from messages m`;
    expect(dialect.sqlToQuery(query).sql).toBe(
      'select "m"."id", "m"."receiver_read_at" from messages m',
    );
    expect(sqlText(sql`${listings.rentCents} > 0`)).toBe('"listings"."rent_cents" > 0');
  });
});
