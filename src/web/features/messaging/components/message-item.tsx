import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Message } from '../../../../shared/schemas/messaging.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { applyEditToLists } from '../api/conversation-list-cache.ts';
import { editMessage } from '../api/edit-message.ts';
import { upsertMessage } from '../api/message-cache.ts';
import { formatDateTime, formatTime } from '../format.ts';
import type { PendingMessage } from '../hooks/pending-messages.ts';
import { checkMessage, MessageTextField } from './message-text-field.tsx';

function Bubble({ mine, children }: { mine: boolean; children: ReactNode }) {
  return (
    <div
      className={cn(
        'max-w-[85%] rounded-2xl px-4 py-2 text-base whitespace-pre-wrap break-words sm:max-w-[70%]',
        mine
          ? 'rounded-br-md bg-brand-700 text-white'
          : 'rounded-bl-md border border-stone-200 bg-white text-stone-900',
      )}
    >
      {children}
    </div>
  );
}

function Ticks({ double }: { double: boolean }) {
  return (
    <svg
      viewBox="0 0 24 16"
      aria-hidden="true"
      className={cn('h-3 w-4', double ? 'text-brand-700' : 'text-stone-500')}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M1 8.5l4 4L13 4" />
      {double ? <path d="M9 12.5L17 4" /> : null}
    </svg>
  );
}

type MessageItemProps = {
  message: Message;
  mine: boolean;
  senderName: string;
};

/** One message: its text as a text node (never HTML), time, "edited", and the sender's ticks. */
export function MessageItem({ message, mine, senderName }: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const readAt = message.readByReceiverAt;
  return (
    <li
      className={cn('group flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
      data-testid="message"
      data-message-id={message.id}
    >
      {editing ? (
        <MessageEditor message={message} onDone={() => setEditing(false)} />
      ) : (
        <Bubble mine={mine}>
          <span className="sr-only">{mine ? 'You' : senderName}: </span>
          <span data-testid="message-text">{message.content}</span>
        </Bubble>
      )}
      <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-stone-600">
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
          {formatTime(message.createdAt)}
        </time>
        {message.isEdited ? (
          <span
            data-testid="edited"
            title={message.editedAt ? formatDateTime(message.editedAt) : undefined}
          >
            · edited
            {message.editedAt ? (
              <>
                {' '}
                <time dateTime={message.editedAt}>{formatTime(message.editedAt)}</time>
              </>
            ) : null}
          </span>
        ) : null}
        {mine ? (
          <span
            className="inline-flex items-center gap-1"
            data-testid="message-status"
            title={readAt ? `Read ${formatDateTime(readAt)}` : 'Sent'}
          >
            · <Ticks double={readAt !== null} />
            {readAt ? 'Read' : 'Sent'}
          </span>
        ) : null}
        {mine && !editing ? (
          <button
            ref={editButton}
            type="button"
            onClick={() => setEditing(true)}
            className="rounded px-1 font-medium text-brand-800 underline-offset-2 hover:underline"
          >
            Edit<span className="sr-only"> message</span>
          </button>
        ) : null}
      </p>
    </li>
  );
}

/** Editing one's own message in place: the content rules apply again (docs/spec.md §5). */
function MessageEditor({ message, onDone }: { message: Message; onDone: () => void }) {
  const original = message.content;
  const [text, setText] = useState(original);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = async () => {
    if (saving) return;
    const checked = await checkMessage(text);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    if (checked.content === original.trim()) {
      onDone();
      return;
    }
    setSaving(true);
    try {
      const updated = await editMessage(message.id, checked.content);
      upsertMessage(queryClient, updated, false);
      applyEditToLists(queryClient, updated);
      onDone();
    } catch (failure) {
      toast.error(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <form
      aria-label="Edit message"
      className="flex w-full max-w-xl flex-col gap-2 rounded-2xl border border-brand-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <MessageTextField
        label="Edit message"
        value={text}
        onChange={(value) => {
          setText(value);
          if (error) setError(null);
        }}
        onEnter={() => void save()}
        onEscape={onDone}
        error={error}
        textareaRef={textareaRef}
        rows={3}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" pending={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}

type PendingItemProps = {
  pending: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
};

/** A message on its way: "Sending…", or "Not sent" with Retry and Discard. */
export function PendingItem({ pending, onRetry, onDiscard }: PendingItemProps) {
  const failed = pending.status === 'failed';
  return (
    <li className="flex flex-col items-end gap-1" data-testid="pending-message">
      <div className={cn(failed ? 'opacity-100' : 'opacity-70')}>
        <Bubble mine>
          <span className="sr-only">You: </span>
          {pending.content}
        </Bubble>
      </div>
      {failed ? (
        <p className="flex flex-wrap items-center justify-end gap-x-2 text-xs">
          <span className="font-medium text-red-700">
            Not sent{pending.error ? `: ${pending.error}` : ''}
          </span>
          <button
            type="button"
            onClick={onRetry}
            className="rounded px-1 font-semibold text-brand-800 underline underline-offset-2"
          >
            Retry
          </button>
          <button
            type="button"
            onClick={onDiscard}
            className="rounded px-1 font-medium text-stone-700 underline underline-offset-2"
          >
            Discard
          </button>
        </p>
      ) : (
        <p className="text-xs text-stone-600">Sending…</p>
      )}
    </li>
  );
}
