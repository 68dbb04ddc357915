import { type FormEvent, useId, useRef, useState } from 'react';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  MAX_DOCUMENT_BYTES,
} from '../../../../shared/renter-documents.ts';
import type { DocumentKind, RenterDocument } from '../../../../shared/schemas/renter-documents.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldShell, useFieldIds } from '../../../components/ui/field.tsx';
import { ConfirmDialog } from '../../../components/ui/modal-dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { documentHref, useDocumentMutations, useRenterDocuments } from '../api/renter-documents.ts';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp';
export const TOO_LARGE = 'Files can be at most 10 MB.';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const KIND_OPTIONS = DOCUMENT_KINDS.map(
  (kind) => [kind, capitalised(DOCUMENT_KIND_LABELS[kind])] as const,
);

/** 2048 → "2 KB"; 1_572_864 → "1.5 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'America/New_York',
  });

function DocumentRow({ document }: { document: RenterDocument }) {
  const { remove } = useDocumentMutations();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const kind = capitalised(DOCUMENT_KIND_LABELS[document.kind]);
  const confirm = async () => {
    try {
      await remove.mutateAsync(document.id);
    } catch {
      return; // The dialog shows the error.
    }
    setConfirming(false);
    toast.success(`Deleted ${document.name}.`);
  };
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-stone-900">{document.name}</p>
        <p className="text-sm text-stone-600">
          {kind} · {sizeText(document.size)} · uploaded{' '}
          <time dateTime={document.uploadedAt}>{dateText(document.uploadedAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <a
          href={documentHref(document.id)}
          download
          className="inline-flex h-9 items-center rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50"
        >
          Download <span className="sr-only">{document.name}</span>
        </a>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          Delete <span className="sr-only">{document.name}</span>
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Delete this document?"
          confirmLabel="Delete document"
          tone="danger"
          pending={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => void confirm()}
          onClose={() => {
            remove.reset();
            setConfirming(false);
          }}
        >
          <p>
            <strong className="font-semibold break-words">{document.name}</strong> will be deleted.
            Applications you already sent keep their copy.
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}

function UploadForm() {
  const { upload } = useDocumentMutations();
  const toast = useToast();
  const [kind, setKind] = useState<DocumentKind>('pay_stub');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fileError = error ?? undefined;
  const hint = 'PDF, JPEG, PNG or WebP, up to 10 MB.';
  const { inputId, controlProps } = useFieldIds('document-file', { hint, error: fileError });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a file to upload.');
      input.current?.focus();
      return;
    }
    if (file.size > MAX_DOCUMENT_BYTES) {
      setError(TOO_LARGE);
      input.current?.focus();
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync({ file, kind });
    } catch (failure) {
      setError(errorMessage(failure));
      input.current?.focus();
      return;
    }
    setFile(null);
    if (input.current) input.current.value = '';
    toast.success(`Uploaded ${file.name}.`);
  };

  return (
    <form
      aria-label="Upload a document"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-xl bg-stone-50 p-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-start"
    >
      <SelectField
        id="document-kind"
        label="Kind of document"
        options={KIND_OPTIONS}
        value={kind}
        onChange={(event) => setKind(event.target.value as DocumentKind)}
      />
      <FieldShell inputId={inputId} label="File" hint={hint} error={fileError} className="min-w-0">
        <input
          {...controlProps}
          ref={input}
          type="file"
          accept={ACCEPT}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setError(chosen && chosen.size > MAX_DOCUMENT_BYTES ? TOO_LARGE : null);
          }}
          className="block w-full max-w-full min-w-0 text-sm text-stone-800 file:mr-3 file:h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold file:text-stone-800"
        />
      </FieldShell>
      <Button type="submit" pending={upload.isPending} className="justify-self-start sm:col-span-2">
        Upload document
      </Button>
    </form>
  );
}

/** The renter's documents: listed with download and delete, and an upload form. */
export function DocumentsSection() {
  const documents = useRenterDocuments();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        Documents
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-600">
        Only you can see them, and the landlords of listings you apply to.
      </p>
      {documents.isPending ? (
        <p role="status" className="flex items-center gap-2 text-stone-700">
          <Spinner size="sm" /> Loading your documents…
        </p>
      ) : documents.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{errorMessage(documents.error)}</Alert>
          <Button variant="secondary" onClick={() => void documents.refetch()}>
            Try again
          </Button>
        </div>
      ) : documents.data.length === 0 ? (
        <p className="text-stone-700" data-testid="documents-empty">
          No documents yet. Add a pay stub or ID to apply faster.
        </p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Your documents">
          {documents.data.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <UploadForm />
      </div>
    </section>
  );
}
