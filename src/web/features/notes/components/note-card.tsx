import { Link } from 'react-router';
import type { Note } from '../../../../shared/schemas/notes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { dateFormat } from '../../../lib/date-format.ts';

const EXCERPT_LENGTH = 280;
const THUMBNAILS = 4;

/** "Mon, Nov 24, 2026" for a YYYY-MM-DD date (a calendar day: no time zone shift). */
export function formatViewedDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return dateFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

function excerpt(content: string): string {
  const text = content.trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

type NoteCardProps = {
  note: Note;
  waiting: boolean;
  listingHref: (id: string) => string;
  onEdit: () => void;
  onDelete: () => void;
};

/** One note in the list: where and when, what was ticked off, photos, the start of the text. */
export function NoteCard({ note, waiting, listingHref, onEdit, onDelete }: NoteCardProps) {
  const titleId = `note-${note.id}-title`;
  const place = note.unitNumber
    ? `${note.propertyAddress}, Unit ${note.unitNumber}`
    : note.propertyAddress;
  const more = note.photos.length - THUMBNAILS;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="note-card"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold break-words text-stone-900">
            {place}
          </h2>
          <p className="text-sm text-stone-600">
            Viewed <time dateTime={note.dateViewed}>{formatViewedDate(note.dateViewed)}</time>
            {note.listingId ? (
              <>
                {' · '}
                <Link
                  to={listingHref(note.listingId)}
                  className="font-medium text-brand-800 underline"
                >
                  View listing
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {waiting ? (
            <span
              data-testid="note-waiting"
              className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
            >
              <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-600" />
              Waiting to sync
            </span>
          ) : null}
          {note.conflictOf ? (
            <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
              Copy kept from an edit on another device
            </span>
          ) : null}
        </div>
      </div>

      {note.amenities.length > 0 ? (
        <ul aria-label="Amenities" className="flex flex-wrap gap-1.5">
          {note.amenities.map((amenity) => (
            <li
              key={amenity}
              className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-900"
            >
              {amenity}
            </li>
          ))}
        </ul>
      ) : null}

      {note.photos.length > 0 ? (
        <ul aria-label="Photos" className="flex gap-2">
          {note.photos.slice(0, THUMBNAILS).map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={photo.url}
                alt={`Viewing ${index + 1} of ${note.photos.length}`}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="size-16 rounded-lg bg-stone-100 object-cover sm:size-20"
                style={{ backgroundImage: `url(${photo.placeholder})`, backgroundSize: 'cover' }}
              />
              {index === THUMBNAILS - 1 && more > 0 ? (
                <span className="absolute inset-0 flex items-center justify-center rounded-lg bg-stone-900/60 text-sm font-semibold text-white">
                  +{more}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {note.content.trim() ? (
        <p className="text-sm break-words whitespace-pre-line text-stone-800">
          {excerpt(note.content)}
        </p>
      ) : (
        <p className="text-sm text-stone-500 italic">No written notes.</p>
      )}

      <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-describedby={titleId}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-describedby={titleId}>
          Delete
        </Button>
      </div>
    </article>
  );
}
