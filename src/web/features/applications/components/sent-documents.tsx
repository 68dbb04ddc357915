import { useEffect, useId, useRef, useState } from 'react';
import type { Application } from '../../../../shared/schemas/applications.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { fetchDocument } from '../api/fetch-document.ts';
import { kindText, sizeText } from '../words.ts';

type SentDocument = Application['documents'][number];

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
  | { state: 'ready'; url: string };

/**
 * One document shown in the page: read once as a Blob (with the landlord's cookie) and shown
 * from an object URL, a PDF in a frame and an image as an image, with a download link to the
 * same copy (a second read would go on the timeline again). The URL is let go on close.
 */
function DocumentView({ document, onClose }: { document: SentDocument; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setLoaded({ state: 'loading' });
    fetchDocument(document.id, document.contentType, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setLoaded({ state: 'ready', url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'error', error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [document.id, document.contentType, attempt]);

  return (
    <section
      aria-labelledby={headingId}
      data-testid="document-view"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h3
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="min-w-0 font-semibold break-words text-stone-900 focus:outline-none"
        >
          {document.name}
        </h3>
        <div className="flex shrink-0 gap-2">
          {loaded.state === 'ready' ? (
            <a
              href={loaded.url}
              download={document.name}
              className={buttonClass('secondary', 'sm')}
            >
              Download <span className="sr-only">{document.name}</span>
            </a>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close <span className="sr-only">{document.name}</span>
          </Button>
        </div>
      </div>
      {loaded.state === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <Spinner size="sm" /> Opening {document.name}…
        </p>
      ) : loaded.state === 'error' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{errorMessage(loaded.error)}</Alert>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : document.contentType === 'application/pdf' ? (
        <iframe
          title={document.name}
          src={loaded.url}
          className="h-[70vh] w-full rounded-lg border border-stone-300 bg-white"
        />
      ) : (
        <img
          src={loaded.url}
          alt={document.name}
          className="mx-auto max-h-[70vh] max-w-full rounded-lg border border-stone-300 bg-white object-contain"
        />
      )}
    </section>
  );
}

/**
 * The documents sent with the application: each viewable in the page while the landlord may see
 * it; one the renter deleted says so.
 */
export function SentDocuments({
  documents,
  label = 'Documents sent',
}: {
  documents: readonly SentDocument[];
  /** The list's accessible name: one a person when the household sent several. */
  label?: string;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const viewButtons = useRef(new Map<string, HTMLButtonElement>());
  const open = documents.find((document) => document.id === openId && !document.removed);
  const close = () => {
    const id = openId;
    setOpenId(null);
    if (id) requestAnimationFrame(() => viewButtons.current.get(id)?.focus());
  };
  if (documents.length === 0) {
    return <p className="text-sm text-stone-700">No documents were sent.</p>;
  }
  return (
    <div>
      <ul aria-label={label} className="divide-y divide-stone-200">
        {documents.map((document) => (
          <li
            key={document.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-stone-900">{document.name}</p>
              <p className="text-sm text-stone-600">
                {kindText(document.kind)} · {sizeText(document.size)}
              </p>
            </div>
            {document.removed ? (
              <p className="shrink-0 text-sm font-medium text-stone-700">
                Removed by the applicant
              </p>
            ) : (
              <Button
                ref={(button) => {
                  if (button) viewButtons.current.set(document.id, button);
                  else viewButtons.current.delete(document.id);
                }}
                variant="secondary"
                size="sm"
                aria-expanded={openId === document.id}
                onClick={() => (openId === document.id ? close() : setOpenId(document.id))}
              >
                {openId === document.id ? 'Hide' : 'View'}{' '}
                <span className="sr-only">{document.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {open ? <DocumentView key={open.id} document={open} onClose={close} /> : null}
    </div>
  );
}
