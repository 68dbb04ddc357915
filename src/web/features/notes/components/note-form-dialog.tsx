import { type FormEvent, useId, useRef, useState } from 'react';
import { NOTE_AMENITIES, NOTE_LIMITS } from '../../../../shared/notes.ts';
import { CreateNoteSchema, type Note } from '../../../../shared/schemas/notes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField, useFieldIds } from '../../../components/ui/field.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { deleteNotePhoto, uploadNotePhoto } from '../api/notes-api.ts';
import { type NoteDraft, todayInNewYork } from '../notes-store.ts';
import type { NoteFields } from '../outbox.ts';
import { type NewPhoto, NotePhotosField } from './note-photos-field.tsx';
import { useNotes } from './notes-provider.tsx';

/** What the form checks: the shared create schema's fields (docs/spec.md §5, issue 15). */
const NoteFormSchema = CreateNoteSchema.pick({
  propertyAddress: true,
  unitNumber: true,
  dateViewed: true,
  content: true,
  amenities: true,
});

type Values = Pick<NoteFields, 'propertyAddress' | 'unitNumber' | 'dateViewed' | 'content'> & {
  amenities: string[];
};
type Errors = Partial<Record<keyof Values, string>>;

type NoteFormDialogProps = {
  /** The note to edit, or null for a new one (`prefill` starts it). */
  note: Note | null;
  prefill?: NoteDraft | null;
  onClose: () => void;
};

function initialValues(note: Note | null, prefill: NoteDraft | null | undefined): Values {
  const from = note ?? prefill;
  return {
    propertyAddress: from?.propertyAddress ?? '',
    unitNumber: from?.unitNumber ?? '',
    dateViewed: from?.dateViewed ?? todayInNewYork(),
    content: from?.content ?? '',
    amenities: [...(from?.amenities ?? [])],
  };
}

/** The fields that differ from the note (what an update sends). */
function changes(note: Note, values: Values): Partial<NoteFields> {
  const patch: Partial<NoteFields> = {};
  if (values.propertyAddress !== note.propertyAddress)
    patch.propertyAddress = values.propertyAddress;
  if (values.unitNumber !== note.unitNumber) patch.unitNumber = values.unitNumber;
  if (values.dateViewed !== note.dateViewed) patch.dateViewed = values.dateViewed;
  if (values.content !== note.content) patch.content = values.content;
  if (values.amenities.join('\n') !== note.amenities.join('\n')) patch.amenities = values.amenities;
  return patch;
}

/** Creates or edits a note; photos upload after the note is saved (online only). */
export function NoteFormDialog({ note, prefill, onClose }: NoteFormDialogProps) {
  const notes = useNotes();
  const toast = useToast();
  const [values, setValues] = useState(() => initialValues(note, prefill));
  const [errors, setErrors] = useState<Errors>({});
  const [added, setAdded] = useState<NewPhoto[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const contentHint = useId();
  const content = useFieldIds(undefined, { hint: contentHint, error: errors.content });
  const amenityChoices = [
    ...NOTE_AMENITIES,
    ...values.amenities.filter((a) => !(NOTE_AMENITIES as readonly string[]).includes(a)),
  ];

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const uploadPhotos = async (saved: Note) => {
    let current = saved;
    // The note must be on the server first (it was created or changed just now).
    await notes.syncNotes();
    for (const photoId of removed) current = await deleteNotePhoto(current, photoId);
    for (const photo of added)
      current = await uploadNotePhoto(current, photo.blob, `${photo.name}.jpg`);
    notes.applyServerNote(current);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = NoteFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      // Focus the first field in error, as a screen reader user would need.
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    const fields = {
      propertyAddress: parsed.data.propertyAddress,
      unitNumber: parsed.data.unitNumber ?? '',
      dateViewed: parsed.data.dateViewed ?? todayInNewYork(),
      content: parsed.data.content,
      amenities: parsed.data.amenities ?? [],
    };
    const patch = note ? changes(note, fields) : {};
    // Only photos changed: nothing for the queue.
    const saved = note
      ? Object.keys(patch).length > 0
        ? notes.updateNote(note.id, patch)
        : note
      : notes.createNote({ ...fields, listingId: prefill?.listingId ?? null });
    if (added.length === 0 && removed.size === 0) {
      toast.success(
        notes.isOnline
          ? 'Note saved.'
          : 'Note saved on this device. It will sync when you are back online.',
      );
      onClose();
      return;
    }
    setSaving(true);
    try {
      await uploadPhotos(saved);
      toast.success('Note and photos saved.');
    } catch (cause) {
      toast.error(`The note is saved, but its photos were not: ${errorMessage(cause)}`);
    } finally {
      setSaving(false);
      onClose();
    }
  };

  const remaining = NOTE_LIMITS.content - values.content.length;
  return (
    <ModalDialog
      title={note ? 'Edit note' : 'New note'}
      description="Only you can see your notes."
      onClose={onClose}
      size="lg"
      flush
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className="flex min-h-0 flex-1 flex-col"
        aria-label={note ? 'Edit note' : 'New note'}
      >
        <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-4">
          <TextField
            label="Property address"
            name="propertyAddress"
            autoComplete="street-address"
            value={values.propertyAddress}
            onChange={(e) => set('propertyAddress', e.target.value)}
            error={errors.propertyAddress}
            required
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Unit (optional)"
              name="unitNumber"
              value={values.unitNumber}
              onChange={(e) => set('unitNumber', e.target.value)}
              error={errors.unitNumber}
            />
            <TextField
              label="Date viewed"
              name="dateViewed"
              type="date"
              value={values.dateViewed}
              onChange={(e) => set('dateViewed', e.target.value)}
              error={errors.dateViewed}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={content.inputId} className="text-sm font-medium text-stone-800">
              Notes
            </label>
            <textarea
              {...content.controlProps}
              name="content"
              rows={6}
              value={values.content}
              onChange={(e) => set('content', e.target.value)}
              placeholder="Light, noise, the landlord, what to ask next time…"
              className={cn(
                'block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30',
                errors.content ? 'border-red-600' : 'border-stone-300',
              )}
            />
            <p
              id={contentHint}
              aria-live="polite"
              className={cn(
                'text-sm',
                remaining < 0 ? 'font-medium text-red-700' : 'text-stone-600',
              )}
            >
              {values.content.length.toLocaleString('en-US')} /{' '}
              {NOTE_LIMITS.content.toLocaleString('en-US')} characters
            </p>
            {errors.content ? (
              <p id={`${content.inputId}-error`} className="text-sm font-medium text-red-700">
                {errors.content}
              </p>
            ) : null}
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">Amenities</legend>
            <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              {amenityChoices.map((amenity) => (
                <label
                  key={amenity}
                  className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-sm text-stone-800 hover:bg-stone-50"
                >
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={values.amenities.includes(amenity)}
                    onChange={(e) =>
                      set(
                        'amenities',
                        e.target.checked
                          ? [...values.amenities, amenity]
                          : values.amenities.filter((a) => a !== amenity),
                      )
                    }
                  />
                  {amenity}
                </label>
              ))}
            </div>
            {errors.amenities ? (
              <p className="mt-1 text-sm font-medium text-red-700">{errors.amenities}</p>
            ) : null}
          </fieldset>
          <NotePhotosField
            existing={note?.photos ?? []}
            removed={removed}
            onToggleRemoved={(id) =>
              setRemoved((current) => {
                const next = new Set(current);
                if (!next.delete(id)) next.add(id);
                return next;
              })
            }
            added={added}
            onAdd={(photos) => setAdded((current) => [...current, ...photos])}
            onRemoveAdded={(key) => setAdded((current) => current.filter((p) => p.key !== key))}
            isOnline={notes.isOnline}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-stone-200 px-5 py-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" pending={saving}>
            {note ? 'Save changes' : 'Save note'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
