import { Hono, type MiddlewareHandler } from 'hono';
import {
  CreateNoteSchema,
  NoteParamSchema,
  NotePhotoFileParamSchema,
  NotePhotoParamSchema,
  NotesQuerySchema,
  UpdateNoteSchema,
} from '../../../shared/schemas/notes.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { noStore } from '../../lib/no-store.ts';
import { readPhotoUpload } from '../../lib/photo-upload.ts';
import { PRIVATE_MEDIA_CACHE_CONTROL } from '../../lib/storage.ts';
import { storedImageResponse } from '../../lib/stored-image-response.ts';
import { validate } from '../../lib/validate.ts';
import {
  addNotePhoto,
  createNote,
  deleteNote,
  deleteNotePhoto,
  listNotes,
  type NotesCtx,
  openNotePhoto,
  updateNote,
} from './notes.service.ts';

/** The docs/spec.md §8 messages for a signed-out change. */
export const SIGNED_OUT_MESSAGES = {
  create: 'User must be logged in to create notes',
  update: 'User must be logged in to update notes',
  delete: 'User must be logged in to delete notes',
} as const;

/** 401 with the spec's message for this kind of change when nobody is signed in. */
export function signedIn(action: keyof typeof SIGNED_OUT_MESSAGES): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.user) {
      throw new AppError('UNAUTHENTICATED', { message: SIGNED_OUT_MESSAGES[action] });
    }
    await next();
  };
}

/** A malformed note id is an unknown note. */
const noteParam = validate('param', NoteParamSchema, { id: 'NOTE_NOT_FOUND' });
const photoParam = validate('param', NotePhotoParamSchema, { id: 'NOTE_NOT_FOUND' });

function notesCtx({ database: { db }, storage, events }: AppDeps) {
  return (c: { var: AppEnv['Variables'] }): NotesCtx => ({
    db,
    storage,
    events,
    user: currentUser(c),
  });
}

/** `/api/notes` (issue 15): the caller's own notes, any signed-in user. */
export function createNotesRoutes(deps: AppDeps) {
  const ctxOf = notesCtx(deps);
  return new Hono<AppEnv>()
    .use(noStore)
    .get('/', requireUser, validate('query', NotesQuerySchema), async (c) =>
      c.json(await listNotes({ ctx: ctxOf(c), input: c.req.valid('query') })),
    )
    .post('/', signedIn('create'), validate('json', CreateNoteSchema), async (c) => {
      const { note, created } = await createNote({ ctx: ctxOf(c), input: c.req.valid('json') });
      return c.json({ note }, created ? 201 : 200);
    })
    .patch('/:id', signedIn('update'), noteParam, validate('json', UpdateNoteSchema), async (c) =>
      c.json(
        await updateNote({
          ctx: ctxOf(c),
          input: { id: c.req.valid('param').id, changes: c.req.valid('json') },
        }),
      ),
    )
    .delete('/:id', signedIn('delete'), noteParam, async (c) => {
      await deleteNote({ ctx: ctxOf(c), input: c.req.valid('param') });
      return c.body(null, 204);
    });
}

/**
 * `/api/notes/{id}/photos`, a router of its own: its uploads read up to the photo limit, every
 * other notes route JSON's 1 MB.
 */
export function createNotePhotoRoutes(deps: AppDeps) {
  const ctxOf = notesCtx(deps);
  return new Hono<AppEnv>()
    .use(noStore)
    .post('/', signedIn('create'), noteParam, async (c) => {
      const result = await addNotePhoto({
        ctx: ctxOf(c),
        input: { noteId: c.req.valid('param').id, data: await readPhotoUpload(c) },
      });
      return c.json(result, 201);
    })
    .delete('/:photoId', signedIn('delete'), photoParam, async (c) => {
      const { id, photoId } = c.req.valid('param');
      await deleteNotePhoto({ ctx: ctxOf(c), input: { noteId: id, photoId } });
      return c.body(null, 204);
    });
}

/**
 * `/api/notes/photos/{photoId}/{width}`: a note photo, to its author only (issue 26). Signed
 * out, someone else's, unknown or not a stored width: the same 404, so nothing tells whether it
 * exists. Never kept by any cache (`private, no-store`), nor by the service worker (it leaves
 * /api to the network).
 */
export function createNotePhotoFileRoutes(deps: AppDeps) {
  const ctxOf = notesCtx(deps);
  return new Hono<AppEnv>().get('/:photoId/:width', async (c) => {
    // The 404 too: no cache keeps what one user was answered.
    c.header('Cache-Control', PRIVATE_MEDIA_CACHE_CONTROL);
    const params = NotePhotoFileParamSchema.safeParse(c.req.param());
    const object =
      c.var.user && params.success
        ? await openNotePhoto({ ctx: ctxOf(c), input: params.data })
        : null;
    if (!object) throw new AppError('NOT_FOUND', { message: 'Photo not found' });
    return storedImageResponse(c, object, PRIVATE_MEDIA_CACHE_CONTROL);
  });
}
