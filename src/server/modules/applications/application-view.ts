import { eq, sql } from 'drizzle-orm';
import type { ApplicationSettings } from '../../../shared/schemas/application-settings.ts';
import {
  type Application,
  type Decline,
  incomeMultipleOf,
  type Offer,
} from '../../../shared/schemas/applications.ts';
import type { DocumentKind } from '../../../shared/schemas/renter-documents.ts';
import type { RenterProfileData } from '../../../shared/schemas/renter-profile.ts';
import type { Db } from '../../db/client.ts';
import {
  applicationDocuments,
  applicationEvents,
  applications,
} from '../../db/schema/applications.ts';
import { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';

/** Anything that runs queries: the pool or a transaction. */
export type Executor = Pick<Db, 'select'>;

/** The columns an application's view is made from. */
export const applicationColumns = {
  id: applications.id,
  status: applications.status,
  listingId: applications.listingId,
  renterId: applications.renterId,
  landlordId: applications.landlordId,
  profile: applications.profile,
  criteria: applications.criteria,
  rentCents: applications.rentCents,
  message: applications.message,
  moveInDate: applications.moveInDate,
  offer: applications.offer,
  decline: applications.decline,
  submittedAt: applications.submittedAt,
  updatedAt: applications.updatedAt,
  closedAt: applications.closedAt,
  listingTitle: listings.title,
  listingNeighborhood: listings.neighborhood,
  listingRentCents: listings.rentCents,
  applicantName: users.name,
  /*
   * The documents sent and the timeline, in order, in the same query (one round trip for a
   * page). Each entry is a row turned to JSON whole, its columns named as the keys:
   * json_build_object looks up every argument's type on every call, which cost PostgreSQL more
   * than the rest of the page (bench/applications.ts).
   */
  documents: sql<SentDocumentJson[]>`(
    select coalesce(json_agg((select sent from (select d.sent_document_id as id, d.kind, d.name,
      d.size, d.content_type as "contentType", d.document_id is null as removed) sent)
      order by d.position), '[]'::json)
    from ${applicationDocuments} d where d.application_id = ${applications.id})`,
  timeline: sql<TimelineJson[]>`(
    select coalesce(json_agg((select entry from (select e.kind, e.by, e.detail, e.at) entry)
      order by e.id), '[]'::json)
    from ${applicationEvents} e where e.application_id = ${applications.id})`,
  /** The keyset key in PostgreSQL's own text (microseconds kept, lib/keyset.ts). */
  cursorAt: sql<string>`${applications.submittedAt}::text`,
};

type SentDocumentJson = Application['documents'][number];
type TimelineJson = Omit<Application['timeline'][number], 'at'> & { at: string };

export type ApplicationRow = {
  id: string;
  status: string;
  listingId: string;
  renterId: string;
  landlordId: string;
  profile: RenterProfileData;
  criteria: ApplicationSettings;
  rentCents: number;
  message: string | null;
  moveInDate: string | null;
  offer: Offer | null;
  decline: Decline | null;
  submittedAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  listingTitle: string;
  listingNeighborhood: string | null;
  listingRentCents: number | null;
  applicantName: string;
  documents: SentDocumentJson[];
  timeline: TimelineJson[];
  cursorAt: string;
};

/** Applications joined to their listing and applicant, for `applicationColumns`. */
export function selectApplications(db: Executor) {
  return db
    .select(applicationColumns)
    .from(applications)
    .innerJoin(listings, eq(listings.id, applications.listingId))
    .innerJoin(users, eq(users.id, applications.renterId));
}

/** The views of `rows` (their documents and timelines came with them). */
export function toApplications(rows: ApplicationRow[]): Application[] {
  return rows.map((row) => {
    const sent = row.documents;
    const incomeMultiple = incomeMultipleOf(row.profile, row.rentCents);
    return {
      id: row.id,
      status: row.status as Application['status'],
      listing: {
        id: row.listingId,
        title: row.listingTitle,
        neighborhood: row.listingNeighborhood,
        rentCents: row.listingRentCents ?? row.rentCents,
      },
      // The name the renter applies under: their legal name as sent.
      applicant: { id: row.renterId, name: row.profile.legalName ?? row.applicantName },
      profile: row.profile,
      message: row.message,
      moveInDate: row.moveInDate,
      documents: sent,
      criteria: row.criteria,
      rentCents: row.rentCents,
      incomeMultiple,
      meetsCriteria: meetsCriteria(row.criteria, incomeMultiple, sent),
      offer: row.offer,
      decline: row.decline,
      // json_build_object writes PostgreSQL's own time text: made ISO here.
      timeline: row.timeline.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
      submittedAt: row.submittedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    };
  });
}

/**
 * Whether the application meets what the listing asked when it was sent: the income multiple
 * (a program paying the whole rent meets any) and every required kind of document, still there.
 */
export function meetsCriteria(
  criteria: ApplicationSettings,
  incomeMultiple: number | null,
  documents: { kind: DocumentKind; removed: boolean }[],
): boolean {
  const income =
    criteria.incomeMultiple === null ||
    incomeMultiple === null ||
    incomeMultiple >= criteria.incomeMultiple;
  const kinds = new Set(documents.filter((d) => !d.removed).map((d) => d.kind));
  return income && criteria.requiredDocuments.every((kind) => kinds.has(kind));
}

/** One application's view, or null. */
export async function readApplication(db: Executor, id: string): Promise<Application | null> {
  const rows = await selectApplications(db).where(eq(applications.id, id));
  const [view] = toApplications(rows as ApplicationRow[]);
  return view ?? null;
}
