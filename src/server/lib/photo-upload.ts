import type { Context } from 'hono';
import { MAX_PHOTO_BYTES } from '../../shared/listings.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './app-error.ts';
import { limitBody } from './http.ts';
import { PHOTO_MESSAGES } from './images.ts';

/*
 * One photo upload format for every photo the API takes (listing photos, the landlord's
 * portrait, note photos): multipart/form-data with the file in a field named "photo". The
 * bytes are checked by content afterwards (`processPhoto`), never by name or declared type.
 */

/** Multipart framing on top of the photo itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const PHOTO_FIELD_MESSAGE = 'Send the photo as multipart/form-data in a field named "photo".';

function photoError(message: string): never {
  throw new AppError('VALIDATION_ERROR', { message, details: [{ path: 'photo', message }] });
}

function photoTooLarge(): AppError {
  const message = PHOTO_MESSAGES.tooLarge;
  return new AppError('PAYLOAD_TOO_LARGE', { message, details: [{ path: 'photo', message }] });
}

/** An upload router's body limit, larger than JSON's (its module declares it for POST). */
export const photoBodyLimit = limitBody(MAX_PHOTO_BYTES + MULTIPART_OVERHEAD, photoTooLarge);

/** The uploaded file's bytes, or a 400 (no multipart body, no "photo" field) or 413. */
export async function readPhotoUpload(c: Context<AppEnv>): Promise<Buffer> {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
    photoError(PHOTO_FIELD_MESSAGE);
  }
  const form = await c.req.parseBody().catch(() => photoError(PHOTO_MESSAGES.unreadable));
  const file = form.photo ?? form.file;
  if (!(file instanceof File)) photoError(PHOTO_FIELD_MESSAGE);
  if (file.size > MAX_PHOTO_BYTES) throw photoTooLarge();
  return Buffer.from(await file.arrayBuffer());
}
