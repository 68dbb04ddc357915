import { z } from 'zod';
import { NOTE_LIMITS } from '../notes.ts';
import { PhotoSchema } from './listing-responses.ts';

export { NOTE_AMENITIES, NOTE_LIMITS } from '../notes.ts';

/*
 * A renter's private viewing notes (docs/spec.md §3 Note, issue 15): kept in the browser under
 * `stoop.notes.<userId>` and synced to the server, private to their author.
 */

export const NoteIdSchema = z.uuid({ error: 'Note not found' });
export const NoteParamSchema = z.object({ id: NoteIdSchema });
export const NotePhotoParamSchema = z.object({
  id: NoteIdSchema,
  photoId: z.uuid({ error: 'Invalid photo ID format' }),
});
/** `GET /api/notes/photos/{photoId}/{width}`: one stored width of a note photo. */
export const NotePhotoFileParamSchema = z.object({
  photoId: z.uuid(),
  width: z.coerce.number().int().positive().max(10_000),
});

const DateViewedSchema = z.iso
  .date({ error: 'Date viewed must be a date (YYYY-MM-DD).' })
  // PostgreSQL has no year 0, and no viewing happened before 1900.
  .refine((day) => day >= '1900-01-01' && day <= '2100-12-31', {
    error: 'Date viewed must be between 1900 and 2100.',
  });

const noteFields = {
  propertyAddress: z
    .string({ error: 'Property address is required.' })
    .trim()
    .min(1, { error: 'Property address is required.' })
    .max(NOTE_LIMITS.propertyAddress, {
      error: `Property address must be at most ${NOTE_LIMITS.propertyAddress} characters.`,
    }),
  unitNumber: z
    .string()
    .trim()
    .max(NOTE_LIMITS.unitNumber, {
      error: `Unit must be at most ${NOTE_LIMITS.unitNumber} characters.`,
    }),
  dateViewed: DateViewedSchema,
  content: z.string().max(NOTE_LIMITS.content, {
    error: `Notes must be at most ${NOTE_LIMITS.content} characters.`,
  }),
  amenities: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(NOTE_LIMITS.amenity, {
          error: `An amenity must be at most ${NOTE_LIMITS.amenity} characters.`,
        }),
    )
    .max(NOTE_LIMITS.amenities, { error: `At most ${NOTE_LIMITS.amenities} amenities.` }),
  listingId: z.uuid({ error: 'Invalid listing ID format' }).nullable(),
};

/**
 * `POST /api/notes`. A client-made `id` makes an offline create idempotent: the same id posted
 * twice answers the stored note (200) instead of a second one. `dateViewed` defaults to today
 * in New York; `editedAt` is when the renter made the edit (the queue may send it later).
 */
export const CreateNoteSchema = z.object({
  id: z.uuid({ error: 'Invalid note ID format' }).optional(),
  propertyAddress: noteFields.propertyAddress,
  unitNumber: noteFields.unitNumber.optional(),
  dateViewed: noteFields.dateViewed.optional(),
  content: noteFields.content.default(''),
  amenities: noteFields.amenities.optional(),
  listingId: noteFields.listingId.optional(),
  editedAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateNoteInput = z.infer<typeof CreateNoteSchema>;

/**
 * `PATCH /api/notes/{id}`: the fields that changed. `baseVersion` is the version the edit was
 * made on; when the server's note moved on since (another device), the later `editedAt` wins
 * and the other side's text is kept as a new note (`conflictCopy`), never lost.
 */
export const UpdateNoteSchema = z.object({
  propertyAddress: noteFields.propertyAddress.optional(),
  unitNumber: noteFields.unitNumber.optional(),
  dateViewed: noteFields.dateViewed.optional(),
  content: noteFields.content.optional(),
  amenities: noteFields.amenities.optional(),
  listingId: noteFields.listingId.optional(),
  baseVersion: z.number().int().min(1).optional(),
  editedAt: z.iso.datetime({ offset: true }).optional(),
});
export type UpdateNoteInput = z.infer<typeof UpdateNoteSchema>;

export const NotesQuerySchema = z.object({
  /** Only the notes about one listing (the listing page's "My notes"). */
  listingId: z.uuid({ error: 'Invalid listing ID format' }).optional(),
});

export const NoteSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  propertyAddress: z.string(),
  unitNumber: z.string(),
  dateViewed: z.string(),
  content: z.string(),
  amenities: z.array(z.string()),
  listingId: z.uuid().nullable(),
  /** Photos, stored and served like listing photos. */
  photos: z.array(PhotoSchema),
  /** Goes up by one on every change; the client sends it back as `baseVersion`. */
  version: z.number().int(),
  /** Set on a note made to keep the losing side of a conflict: the id of the note it came from. */
  conflictOf: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

export const NotesSchema = z.object({ items: z.array(NoteSchema) });
export const NoteResponseSchema = z.object({
  note: NoteSchema,
  /** Present when an update met a newer edit: the losing text, kept as its own note. */
  conflictCopy: NoteSchema.optional(),
});

/** `POST /api/notes/{id}/photos` (201): the new photo and the note with all its photos. */
export const NotePhotoResponseSchema = z.object({ photo: PhotoSchema, note: NoteSchema });
