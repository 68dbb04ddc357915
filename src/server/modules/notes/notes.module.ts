import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { photoBodyLimit } from '../../lib/photo-upload.ts';
import { notesApiOperations } from './notes.openapi.ts';
import {
  createNotePhotoFileRoutes,
  createNotePhotoRoutes,
  createNotesRoutes,
  signedIn,
} from './notes.routes.ts';

/** A renter's private viewing notes, synced from the browser (issue 15). */
export function notesModule(deps: AppDeps): AppModule {
  return {
    api: [
      // Before `/notes`: the first body limit to match a request decides.
      {
        path: '/notes/:id/photos',
        routes: createNotePhotoRoutes(deps),
        // Who may upload is checked before the body is read: a signed-out upload is refused unread.
        bodyLimit: { limit: photoBodyLimit, methods: ['POST'], beforeBody: signedIn('create') },
      },
      // A photo of the caller's own note (issue 26: never at /media).
      { path: '/notes/photos', routes: createNotePhotoFileRoutes(deps) },
      { path: '/notes', routes: createNotesRoutes(deps) },
    ],
    openApi: notesApiOperations,
  };
}
