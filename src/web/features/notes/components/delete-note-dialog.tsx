import type { Note } from '../../../../shared/schemas/notes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';

type DeleteNoteDialogProps = { note: Note; onConfirm: () => void; onClose: () => void };

/** Asks before a note (and its photos) is deleted on every device. */
export function DeleteNoteDialog({ note, onConfirm, onClose }: DeleteNoteDialogProps) {
  return (
    <ModalDialog title="Delete this note?" size="sm" flush onClose={onClose}>
      <div className="flex flex-col gap-4 px-5 py-4">
        <p className="text-stone-700">
          Your note on <strong className="font-semibold">{note.propertyAddress}</strong>
          {note.photos.length > 0
            ? ` and its ${note.photos.length} photo${note.photos.length === 1 ? '' : 's'}`
            : ''}{' '}
          will be deleted from all your devices. This cannot be undone.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Keep note
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Delete note
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
