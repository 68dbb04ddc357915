import type { Context } from 'hono';
import {
  type DocumentContentType,
  type DocumentKind,
  DocumentKindSchema,
  MAX_DOCUMENT_BYTES,
} from '../../../shared/schemas/renter-documents.ts';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitBody } from '../../lib/http.ts';

/*
 * A renter's document upload (issue 28): multipart/form-data with the file in "file" and its
 * kind in "kind". The type is told by the file's first bytes, never by its name or declared
 * type; the name is kept only to label the download.
 */

/** Multipart framing and the "kind" field on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_NAME_LENGTH = 200;

export const DOCUMENT_MESSAGES = {
  noFile: 'Send the document as multipart/form-data with the file in a field named "file".',
  unreadable: 'The upload could not be read as multipart/form-data.',
  empty: 'The file is empty.',
  wrongType: 'The file must be a PDF, JPEG, PNG or WebP document.',
  tooLarge: `The file is too large: documents can be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`,
} as const;

function invalid(path: 'file' | 'kind', message: string): AppError {
  return new AppError('VALIDATION_ERROR', { message, details: [{ path, message }] });
}

function tooLarge(): AppError {
  const message = DOCUMENT_MESSAGES.tooLarge;
  return new AppError('PAYLOAD_TOO_LARGE', { message, details: [{ path: 'file', message }] });
}

/** The upload router's body limit (its module declares it for POST). */
export const documentBodyLimit = limitBody(MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD, tooLarge);

const startsWith = (data: Buffer, bytes: readonly number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The document's type by its magic bytes, or null when it is none we keep. */
export function sniffDocumentType(data: Buffer): DocumentContentType | null {
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const EXTENSIONS: Record<DocumentContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Control characters, and the bidirectional overrides that make `cod.exe` look like `exe.doc`
 * in a file list.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The uploaded file name as a label: no path parts, no control characters, at most 200
 * characters; "document.<ext>" when nothing is left.
 */
export function sanitizeDocumentName(raw: string, type: DocumentContentType): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_NAME_CHARS, '').normalize('NFC').trim();
  const name = Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim();
  return name === '' || /^\.+$/.test(name) ? `document.${EXTENSIONS[type]}` : name;
}

/** RFC 6266: an ASCII `filename` for old clients, the exact name in `filename*` (RFC 8187). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type DocumentUpload = {
  kind: DocumentKind;
  name: string;
  contentType: DocumentContentType;
  data: Buffer;
};

/** The upload, checked: a 400 naming the field at fault, or a 413. */
export async function readDocumentUpload(c: Context<AppEnv>): Promise<DocumentUpload> {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
    throw invalid('file', DOCUMENT_MESSAGES.noFile);
  }
  const form = await c.req.parseBody().catch(() => {
    throw invalid('file', DOCUMENT_MESSAGES.unreadable);
  });
  const file = form.file;
  if (!(file instanceof File)) throw invalid('file', DOCUMENT_MESSAGES.noFile);
  const kind = DocumentKindSchema.safeParse(form.kind);
  if (!kind.success) throw invalid('kind', kind.error.issues[0]?.message ?? 'Invalid kind.');
  if (file.size > MAX_DOCUMENT_BYTES) throw tooLarge();
  if (file.size === 0) throw invalid('file', DOCUMENT_MESSAGES.empty);
  const data = Buffer.from(await file.arrayBuffer());
  const contentType = sniffDocumentType(data);
  if (!contentType) throw invalid('file', DOCUMENT_MESSAGES.wrongType);
  return { kind: kind.data, name: sanitizeDocumentName(file.name, contentType), contentType, data };
}
