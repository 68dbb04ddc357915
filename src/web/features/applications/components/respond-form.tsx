import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { APPLICATION_LIMITS } from '../../../../shared/applications.ts';
import type { Application } from '../../../../shared/schemas/applications.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplicationAction } from '../api/application-actions.ts';
import { useMyDocuments } from '../api/get-my-documents.ts';
import { loadFormSchemas } from '../api/load-form-schemas.ts';
import { kindText } from '../words.ts';
import { TextAreaField } from './text-area-field.tsx';

/** The renter's documents not sent yet, as checkboxes. */
function DocumentChoices({
  sent,
  chosen,
  onChange,
}: {
  sent: ReadonlySet<string>;
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const documents = useMyDocuments();
  const legend = (
    <legend className="text-sm font-medium text-stone-800">Attach documents (optional)</legend>
  );
  if (documents.isPending) {
    return (
      <fieldset>
        {legend}
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-stone-700">
          <Spinner size="sm" /> Loading your documents…
        </p>
      </fieldset>
    );
  }
  if (documents.isError) {
    return (
      <fieldset className="flex flex-col items-start gap-2">
        {legend}
        <Alert>Your documents could not be loaded. {errorMessage(documents.error)}</Alert>
        <Button variant="secondary" size="sm" onClick={() => void documents.refetch()}>
          Try again
        </Button>
      </fieldset>
    );
  }
  const open = documents.data.filter((document) => !sent.has(document.id));
  return (
    <fieldset className="flex flex-col gap-2">
      {legend}
      {open.length === 0 ? (
        <p className="text-sm text-stone-700">
          No other documents to attach.{' '}
          <Link
            to={paths.applicationProfile.href()}
            className="font-semibold text-brand-800 underline"
          >
            Upload one on your application profile
          </Link>
          .
        </p>
      ) : (
        open.map((document) => (
          <label key={document.id} className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0"
              checked={chosen.includes(document.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, document.id]
                    : chosen.filter((id) => id !== document.id),
                )
              }
            />
            <span className="min-w-0 break-words">
              {document.name} <span className="text-stone-600">({kindText(document.kind)})</span>
            </span>
          </label>
        ))
      )}
    </fieldset>
  );
}

/** The renter answers the landlord's request, with more documents if they like. */
export function RespondForm({
  application,
  onDone,
}: {
  application: Application;
  onDone?: () => void;
}) {
  const respond = useApplicationAction(application.id, 'respond');
  const toast = useToast();
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [messageError, setMessageError] = useState<string | undefined>();
  const [formError, setFormError] = useState<unknown>(null);
  const sent = new Set(application.documents.map((document) => document.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { message, ...(chosen.length > 0 ? { documentIds: chosen } : {}) };
    const parsed = (await loadFormSchemas()).respondInput.safeParse(input);
    if (!parsed.success) {
      setMessageError(parsed.error.issues[0]?.message);
      document.getElementById(messageId)?.focus();
      return;
    }
    setMessageError(undefined);
    try {
      await respond.mutateAsync(parsed.data);
    } catch (error) {
      setFormError(error);
      return;
    }
    setMessage('');
    setChosen([]);
    toast.success('Your answer was sent to the landlord.');
    onDone?.();
  };

  return (
    <Form
      label="Answer the landlord"
      error={formError}
      onSubmit={(event) => void submit(event)}
      validation={{ preload: () => loadFormSchemas().then(() => undefined) }}
      className="gap-4"
    >
      <TextAreaField
        id={messageId}
        label="Your answer"
        hint={`${message.length} of ${APPLICATION_LIMITS.message} characters.`}
        error={messageError}
        maxLength={APPLICATION_LIMITS.message}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <DocumentChoices sent={sent} chosen={chosen} onChange={setChosen} />
      <Button type="submit" pending={respond.isPending} className="self-start">
        Send answer
      </Button>
    </Form>
  );
}
