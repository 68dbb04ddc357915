import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ReportReason } from '../../shared/schemas/reports.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { listings } from '../db/schema/listings.ts';
import { conversations, messages } from '../db/schema/messaging.ts';
import { reports } from '../db/schema/moderation.ts';
import { stableUuid } from './seed-listings.ts';

/*
 * Demo moderation data (issue 15), so /admin has a queue to work: two open reports of listings
 * and one of a conversation, with that conversation's messages. Rows have stable ids and are
 * inserted with `on conflict do nothing`, so a second run adds nothing.
 */

type DemoListingReport = {
  key: string;
  reporter: string;
  landlord: string;
  reason: ReportReason;
  details: string;
  daysAgo: number;
};

const LISTING_REPORTS: DemoListingReport[] = [
  {
    key: 'listing-scam',
    reporter: 'renter@stoop.test',
    landlord: 'kingsbridge.realty@stoop.test',
    reason: 'scam',
    details:
      'The agent asked for a $500 holding deposit by Zelle before showing the apartment, and the photos match a listing on a different block.',
    daysAgo: 1,
  },
  {
    key: 'listing-inaccurate',
    reporter: 'jordan.rivera@stoop.test',
    landlord: 'brightwater@stoop.test',
    reason: 'inaccurate',
    details:
      'The listing says in-unit laundry and a dishwasher. At the viewing there was neither, and the rent quoted was $300 higher.',
    daysAgo: 2,
  },
];

const CONVERSATION = {
  reporter: 'priya.natarajan@stoop.test',
  other: 'kingsbridge.realty@stoop.test',
  reason: 'harassment' as ReportReason,
  details: 'Asked for a wire deposit before any viewing, then turned hostile when I said no.',
  messages: [
    { fromReporter: true, text: 'Hi! Is the apartment still available for a January 1 move-in?' },
    {
      fromReporter: false,
      text: 'Yes. Before I show it I need a $1,000 deposit by wire transfer to hold it.',
    },
    {
      fromReporter: true,
      text: "I'd rather see it first. Stoop says never to pay anything before a viewing.",
    },
    {
      fromReporter: false,
      text: 'Then stop wasting my time. Plenty of people will pay. Do not message me again.',
    },
  ],
};

const HOUR = 3_600_000;

export async function seedModeration(db: Db): Promise<string[]> {
  const emails = [
    ...LISTING_REPORTS.flatMap((r) => [r.reporter, r.landlord]),
    CONVERSATION.reporter,
    CONVERSATION.other,
  ];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const now = Date.now();
  const values: (typeof reports.$inferInsert)[] = [];

  for (const report of LISTING_REPORTS) {
    const reporterId = idOf(report.reporter);
    const landlordId = idOf(report.landlord);
    if (!reporterId || !landlordId) continue;
    const [listing] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.landlordId, landlordId), eq(listings.status, 'active')))
      .orderBy(asc(listings.id))
      .limit(1);
    if (!listing) continue;
    values.push({
      id: stableUuid(`demo-report-${report.key}`),
      reporterId,
      listingId: listing.id,
      reason: report.reason,
      details: report.details,
      createdAt: new Date(now - report.daysAgo * 24 * HOUR),
    });
  }

  const reporterId = idOf(CONVERSATION.reporter);
  const otherId = idOf(CONVERSATION.other);
  if (reporterId && otherId) {
    const conversationId = await demoConversation(db, reporterId, otherId, now);
    values.push({
      id: stableUuid('demo-report-conversation'),
      reporterId,
      conversationId,
      reason: CONVERSATION.reason,
      details: CONVERSATION.details,
      createdAt: new Date(now - 5 * HOUR),
    });
  }

  if (values.length === 0) return [];
  const inserted = await db
    .insert(reports)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return inserted.length > 0 ? [`${inserted.length} reports`] : [];
}

/** The pair's conversation (made if missing) with the demo messages, oldest a day ago. */
async function demoConversation(db: Db, a: string, b: string, now: number): Promise<string> {
  const [participant1Id, participant2Id] = a < b ? [a, b] : [b, a];
  const start = now - 26 * HOUR;
  const sentAt = (i: number) => new Date(start + i * 35 * 60_000);
  const last = sentAt(CONVERSATION.messages.length - 1);
  await db
    .insert(conversations)
    .values({
      id: stableUuid('demo-conversation-reported'),
      participant1Id,
      participant2Id,
      createdAt: sentAt(0),
      updatedAt: last,
    })
    .onConflictDoNothing();
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.participant1Id, participant1Id),
        eq(conversations.participant2Id, participant2Id),
      ),
    );
  if (!conversation) throw new Error('demo conversation missing');
  await db
    .insert(messages)
    .values(
      CONVERSATION.messages.map((message, i) => ({
        id: stableUuid(`demo-reported-message-${i}`),
        conversationId: conversation.id,
        senderId: message.fromReporter ? a : b,
        receiverId: message.fromReporter ? b : a,
        content: message.text,
        idempotencyKey: `demo-reported-${i}`,
        createdAt: sentAt(i),
      })),
    )
    .onConflictDoNothing();
  return conversation.id;
}
