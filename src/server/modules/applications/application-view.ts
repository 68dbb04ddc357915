import { eq, sql } from 'drizzle-orm';
import type { ApplicationSettings } from '../../../shared/schemas/application-settings.ts';
import {
  type Application,
  type ApplicationMember,
  type Decline,
  guarantorIncomeMultipleOf,
  householdIncomeMultiple,
  incomeMetBy,
  type MeetsCriteria,
  type Offer,
} from '../../../shared/schemas/applications.ts';
import type { MemberRole } from '../../../shared/schemas/households.ts';
import type { DocumentKind } from '../../../shared/schemas/renter-documents.ts';
import type { RenterProfileData } from '../../../shared/schemas/renter-profile.ts';
import type { Db } from '../../db/client.ts';
import {
  applicationDocuments,
  applicationEvents,
  applicationMembers,
  applications,
  signedOffers,
} from '../../db/schema/applications.ts';
import { users } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';

/** Anything that runs queries: the pool or a transaction. */
export type Executor = Pick<Db, 'select'>;

/** The columns an application's view is made from. */
export const applicationColumns = {
  id: applications.id,
  status: applications.status,
  shownToLandlord: applications.shownToLandlord,
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
      d.size, d.content_type as "contentType", d.document_id is null as removed,
      d.member_id as "memberId") sent)
      order by d.position), '[]'::json)
    from ${applicationDocuments} d where d.application_id = ${applications.id})`,
  timeline: sql<TimelineJson[]>`(
    select coalesce(json_agg((select entry from (select e.kind, e.by, e.detail, e.at,
      e.subject_user_id as "subjectUserId") entry)
      order by e.id), '[]'::json)
    from ${applicationEvents} e where e.application_id = ${applications.id})`,
  members: sql<MemberJson[]>`(
    select coalesce(json_agg((select member from (select m.id, m.role, m.email,
      m.user_id as "userId", m.profile, m.invited_at as "invitedAt",
      m.token_expires_at as "expiresAt", m.joined_at as "joinedAt") member)
      order by m.role, m.invited_at, m.id), '[]'::json)
    from ${applicationMembers} m where m.application_id = ${applications.id})`,
  signedOffer: sql<{ signedBy: string; signedAt: string } | null>`(
    select json_build_object('signedBy', o.signed_by, 'signedAt', o.signed_at)
    from ${signedOffers} o where o.application_id = ${applications.id})`,
  /** The keyset key in PostgreSQL's own text (microseconds kept, lib/keyset.ts). */
  cursorAt: sql<string>`${applications.submittedAt}::text`,
};

type SentDocumentJson = Application['documents'][number] & { memberId: string | null };
type TimelineJson = Omit<Application['timeline'][number], 'at'> & {
  at: string;
  subjectUserId: string | null;
};
type MemberJson = {
  id: string;
  role: MemberRole;
  email: string;
  userId: string | null;
  profile: RenterProfileData | null;
  invitedAt: string;
  expiresAt: string;
  joinedAt: string | null;
};

export type ApplicationRow = {
  id: string;
  status: string;
  shownToLandlord: boolean;
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
  members: MemberJson[];
  signedOffer: { signedBy: string; signedAt: string } | null;
  cursorAt: string;
};

/** Whom a view is for: the landlord sees everyone's figures, a renter only their own. */
export type Viewer = { side: 'landlord' } | { side: 'renter'; userId: string };

/** Applications joined to their listing and applicant, for `applicationColumns`. */
export function selectApplications(db: Executor) {
  return db
    .select(applicationColumns)
    .from(applications)
    .innerJoin(listings, eq(listings.id, applications.listingId))
    .innerJoin(users, eq(users.id, applications.renterId));
}

const iso = (at: string) => new Date(at).toISOString();

/** The facts the figures are made of, whoever views them. */
function householdFigures(row: ApplicationRow) {
  const joined = row.members.filter((m) => m.profile !== null);
  const household = [
    row.profile,
    ...joined.filter((m) => m.role === 'co_applicant').map((m) => m.profile as RenterProfileData),
  ];
  const guarantor = joined.find((m) => m.role === 'guarantor')?.profile ?? null;
  const incomeMultiple = householdIncomeMultiple(household, row.rentCents);
  const guarantorIncomeMultiple = guarantor
    ? guarantorIncomeMultipleOf(guarantor, household, row.rentCents)
    : null;
  return { household, incomeMultiple, guarantorIncomeMultiple };
}

/** The views of `rows` for `viewer` (their documents, members and timelines came with them). */
export function toApplications(rows: ApplicationRow[], viewer: Viewer): Application[] {
  return rows.map((row) => {
    const role =
      viewer.side === 'landlord'
        ? ('landlord' as const)
        : viewer.userId === row.renterId
          ? ('applicant' as const)
          : ('member' as const);
    const viewerId = viewer.side === 'renter' ? viewer.userId : null;
    const seesAll = role === 'landlord';
    const figures = householdFigures(row);
    const sentBy = (memberId: string | null) =>
      row.documents
        .filter((d) => d.memberId === memberId)
        .map(({ memberId: _, ...document }) => document);
    const members: ApplicationMember[] = row.members.map((m) => {
      const own = seesAll || (m.userId !== null && m.userId === viewerId);
      return {
        id: m.id,
        role: m.role,
        status: m.joinedAt ? 'joined' : 'invited',
        name: m.profile?.legalName ?? null,
        email: own || role === 'applicant' ? m.email : null,
        invitedAt: iso(m.invitedAt),
        expiresAt: m.joinedAt ? null : iso(m.expiresAt),
        joinedAt: m.joinedAt ? iso(m.joinedAt) : null,
        profile: own ? m.profile : null,
        documents: own ? sentBy(m.id) : [],
        incomeMultiple: own && m.role === 'guarantor' ? figures.guarantorIncomeMultiple : null,
      };
    });
    const primarySees = role !== 'member';
    return {
      id: row.id,
      status: row.status as Application['status'],
      viewer: role,
      listing: {
        id: row.listingId,
        title: row.listingTitle,
        neighborhood: row.listingNeighborhood,
        rentCents: row.listingRentCents ?? row.rentCents,
      },
      // The name the renter applies under: their legal name as sent.
      applicant: { id: row.renterId, name: row.profile.legalName ?? row.applicantName },
      profile: primarySees ? row.profile : null,
      members,
      message: row.message,
      moveInDate: row.moveInDate,
      documents: primarySees ? sentBy(null) : [],
      criteria: row.criteria,
      rentCents: row.rentCents,
      incomeMultiple: primarySees ? figures.incomeMultiple : null,
      guarantorIncomeMultiple: seesAll ? figures.guarantorIncomeMultiple : null,
      meetsCriteria: meetsCriteria(row, figures),
      offer: row.offer,
      decline: row.decline,
      signedOffer: row.signedOffer
        ? { signedBy: row.signedOffer.signedBy, signedAt: iso(row.signedOffer.signedAt) }
        : null,
      // Each renter sees the openings of their own documents only.
      timeline: row.timeline
        .filter(
          (e) =>
            e.kind !== 'document_opened' ||
            seesAll ||
            (e.subjectUserId ?? row.renterId) === viewerId,
        )
        .map(({ subjectUserId: _, ...e }) => ({ ...e, at: iso(e.at) })),
      submittedAt: row.submittedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    };
  });
}

/**
 * Whether the application meets what the listing asked when it was sent, and which way: the
 * income (the household's, else a guarantor's) and every required kind of document from the
 * primary applicant and each member who joined, still there.
 */
function meetsCriteria(
  row: ApplicationRow,
  figures: ReturnType<typeof householdFigures>,
): MeetsCriteria {
  const by = incomeMetBy(row.criteria, figures.incomeMultiple, figures.guarantorIncomeMultiple);
  const senders = [null, ...row.members.filter((m) => m.joinedAt).map((m) => m.id)];
  const complete = senders.every((memberId) => {
    const kinds = new Set(
      row.documents.filter((d) => d.memberId === memberId && !d.removed).map((d) => d.kind),
    );
    return row.criteria.requiredDocuments.every((kind: DocumentKind) => kinds.has(kind));
  });
  return complete ? by : false;
}

/** One application's view, or null. */
export async function readApplication(
  db: Executor,
  id: string,
  viewer: Viewer,
): Promise<Application | null> {
  const rows = await selectApplications(db).where(eq(applications.id, id));
  const [view] = toApplications(rows as ApplicationRow[], viewer);
  return view ?? null;
}
