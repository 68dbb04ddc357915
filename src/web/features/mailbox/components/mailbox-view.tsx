import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { dateFormat } from '../../../lib/date-format.ts';
import { linkify } from '../../../lib/linkify.ts';
import { type Mail, useMailbox } from '../api/get-mailbox.ts';

const DATE_FORMAT = () =>
  dateFormat('en-US', {
    timeZone: 'America/New_York',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT().format(date);
}

/** The mail's text part as text; its http(s) links become anchors. Never its HTML. */
function MailBody({ mail }: { mail: Mail }) {
  return (
    <div className="text-sm leading-relaxed break-words whitespace-pre-wrap text-stone-800">
      {linkify(mail.text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text.
            key={index}
            href={part.href}
            className="font-medium text-brand-800 underline underline-offset-2"
          >
            {part.href}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text.
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}

export function MailboxView() {
  const mailbox = useMailbox();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const articleRef = useRef<HTMLElement>(null);

  // A chosen mail opens below the list on a phone: bring it (and focus) to the reader.
  useEffect(() => {
    if (selectedId === null) return;
    articleRef.current?.focus({ preventScroll: true });
    // lg: the mail sits beside the list already.
    if (!window.matchMedia('(min-width: 1024px)').matches) {
      articleRef.current?.scrollIntoView({ block: 'start' });
    }
  }, [selectedId]);

  if (mailbox.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" label="Loading..." />
      </div>
    );
  }
  if (mailbox.isError) {
    const notHere = mailbox.error instanceof ApiError && mailbox.error.status === 404;
    return (
      <Alert>
        {notHere
          ? 'The dev mailbox is only available outside production.'
          : errorMessage(mailbox.error)}
      </Alert>
    );
  }

  const mails = mailbox.data;
  if (mails.length === 0) {
    return (
      <EmptyState title="No mail yet">
        <p>Mail the app sends (password resets, for example) shows up here within seconds.</p>
      </EmptyState>
    );
  }
  const selected = mails.find((m) => m.id === selectedId) ?? mails[0];

  return (
    // grid-cols-1 (minmax(0, 1fr)) lets long addresses truncate on a phone instead of widening the page.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <section aria-labelledby="mail-list-heading">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="mail-list-heading" className="text-sm font-semibold text-stone-700">
            {mails.length} {mails.length === 1 ? 'mail' : 'mails'}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void mailbox.refetch()}
            pending={mailbox.isFetching}
          >
            Refresh
          </Button>
        </div>
        <ul className="flex flex-col gap-2 lg:max-h-[75vh] lg:overflow-y-auto lg:p-1">
          {mails.map((mail) => {
            const active = mail.id === selected?.id;
            return (
              <li key={mail.id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(mail.id)}
                  aria-current={active ? 'true' : undefined}
                  className={cn(
                    'w-full rounded-xl border px-4 py-3 text-left shadow-sm transition-colors',
                    active
                      ? 'border-brand-700 bg-brand-50'
                      : 'border-stone-200 bg-white hover:bg-stone-50',
                  )}
                >
                  <span className="block truncate font-semibold text-stone-900">
                    {mail.subject || '(no subject)'}
                  </span>
                  <span className="block truncate text-sm text-stone-600">To {mail.to}</span>
                  <span className="block text-xs text-stone-600">{formatDate(mail.createdAt)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      {selected ? (
        <article
          ref={articleRef}
          tabIndex={-1}
          aria-labelledby="mail-subject"
          className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        >
          <h2 id="mail-subject" className="text-xl font-semibold text-stone-900">
            {selected.subject || '(no subject)'}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-600">
            <dt>To</dt>
            <dd className="break-all">{selected.to}</dd>
            <dt>Sent</dt>
            <dd>{formatDate(selected.createdAt)}</dd>
          </dl>
          <hr className="my-5 border-stone-200" />
          <MailBody mail={selected} />
        </article>
      ) : null}
    </div>
  );
}
