import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { photoBodyLimit } from '../../lib/photo-upload.ts';
import { notesApiOperations } from './notes.openapi.ts';
import { createNotePhotoRoutes, createNotesRoutes } from './notes.routes.ts';

/** A renter's private viewing notes, synced from the browser (issue 15). */
export function notesModule(deps: AppDeps): AppModule {
  return {
    api: [
      // Before `/notes`: the first body limit to match a request decides.
      {
        path: '/notes/:id/photos',
        routes: createNotePhotoRoutes(deps),
        bodyLimit: { limit: photoBodyLimit, methods: ['POST'] },
      },
      { path: '/notes', routes: createNotesRoutes(deps) },
    ],
    openApi: notesApiOperations,
  };
}
