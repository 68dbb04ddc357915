import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ApplicationSettings } from '../../../shared/schemas/application-settings.ts';
import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
} from '../../../shared/schemas/renter-documents.ts';
import {
  missingProfileFields,
  PROFILE_FIELD_LABELS,
  type RenterProfileData,
} from '../../../shared/schemas/renter-profile.ts';
import { applicationDocuments, renterDocuments } from '../../db/schema/applications.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EventsTransaction } from '../events/events.service.ts';
import { readRenterProfile } from './renter-profile.service.ts';

/*
 * What a person must bring to an application, whether they apply or join one (issues 28, 29):
 * a complete profile, and their own documents of every kind the listing asks for.
 */

type DocumentRow = typeof renterDocuments.$inferSelect;

/** What is missing, as one 400 naming each field and each required document. */
function incomplete(missingFields: string[], missingKinds: DocumentKind[]): AppError {
  const words = [
    ...missingFields.map((f) => PROFILE_FIELD_LABELS[f as keyof typeof PROFILE_FIELD_LABELS]),
    ...missingKinds.map((k) => DOCUMENT_KIND_LABELS[k]),
  ];
  return new AppError('VALIDATION_ERROR', {
    message: `Your application is missing: ${words.join(', ')}.`,
    details: [
      ...missingFields.map((f) => ({
        path: `profile.${f}`,
        message: `Add your ${PROFILE_FIELD_LABELS[f as keyof typeof PROFILE_FIELD_LABELS]} to your profile.`,
      })),
      ...missingKinds.map((k) => ({
        path: 'documentIds',
        message: `This listing asks for a ${DOCUMENT_KIND_LABELS[k]}.`,
      })),
    ],
  });
}

/** The caller's own documents among `ids`; any other id is a 400. */
export async function ownDocuments(
  tx: Pick<EventsTransaction, 'select'>,
  userId: string,
  ids: string[],
): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const documents = await tx
    .select()
    .from(renterDocuments)
    .where(and(eq(renterDocuments.userId, userId), inArray(renterDocuments.id, ids)));
  if (documents.length !== ids.length) {
    const message = 'Each document id must be a document of yours.';
    throw new AppError('VALIDATION_ERROR', {
      message,
      details: [{ path: 'documentIds', message }],
    });
  }
  return documents;
}

/** The person's profile, complete, and documents of every kind asked for; else the 400. */
export async function completeProfile(
  tx: Pick<EventsTransaction, 'select'>,
  userId: string,
  documents: DocumentRow[],
  criteria: ApplicationSettings,
): Promise<RenterProfileData> {
  const profile = await readRenterProfile(tx, userId);
  const missingFields = missingProfileFields(profile?.data ?? null);
  const kinds = new Set(documents.map((d) => d.kind));
  const missingKinds = criteria.requiredDocuments.filter((kind) => !kinds.has(kind));
  if (!profile || missingFields.length > 0 || missingKinds.length > 0) {
    throw incomplete(missingFields, missingKinds);
  }
  return profile.data;
}

/** Where documents added to the application now go: after those it has. */
export async function nextDocumentPosition(
  tx: Pick<EventsTransaction, 'select'>,
  applicationId: string,
): Promise<number> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${applicationDocuments.position}), -1)::int` })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
  return (last?.n ?? -1) + 1;
}

/** Copies `documents` onto the application, in the order chosen, after `from`. */
export async function attachDocuments(
  tx: Pick<EventsTransaction, 'insert'>,
  input: { applicationId: string; documents: DocumentRow[]; order: string[]; from?: number },
  memberId: string | null = null,
): Promise<void> {
  if (input.documents.length === 0) return;
  const order = new Map(input.order.map((id, i) => [id, i]));
  await tx
    .insert(applicationDocuments)
    .values(
      input.documents.map((d) => ({
        applicationId: input.applicationId,
        documentId: d.id,
        sentDocumentId: d.id,
        kind: d.kind,
        name: d.name,
        size: d.size,
        contentType: d.contentType,
        position: (input.from ?? 0) + (order.get(d.id) ?? 0),
        memberId,
      })),
    )
    .onConflictDoNothing();
}
