import type { Message } from '../../../../shared/schemas/messaging.ts';
import type { Report } from '../../../../shared/schemas/reports.ts';
import { formatNyDateTime } from '../format.ts';

type Participants = Extract<Report['subject'], { kind: 'conversation' }>['participants'];

/** The reported conversation, oldest first, each message with who sent it and when. */
export function ConversationTranscript({
  messages,
  participants,
  reporterId,
}: {
  messages: Message[];
  participants: Participants;
  reporterId: string;
}) {
  const names = new Map(participants.map((p) => [p.id, p.name]));
  if (messages.length === 0) {
    return <p className="text-sm text-stone-600">This conversation has no messages.</p>;
  }
  return (
    <ol
      className="flex max-h-96 flex-col gap-3 overflow-y-auto rounded-xl border border-stone-200 bg-stone-50 p-3"
      aria-label="Messages in the reported conversation"
      data-testid="report-transcript"
    >
      {messages.map((message) => {
        const byReporter = message.senderId === reporterId;
        return (
          <li
            key={message.id}
            className={
              byReporter
                ? 'rounded-lg border border-stone-200 bg-white p-3'
                : 'rounded-lg border border-amber-200 bg-amber-50 p-3'
            }
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-stone-600">
              <span className="font-semibold text-stone-900">
                {names.get(message.senderId) ?? 'Unknown sender'}
              </span>
              {byReporter ? <span>(reporter)</span> : null}
              <time dateTime={message.createdAt}>{formatNyDateTime(message.createdAt)}</time>
              {message.isEdited ? <span>· edited</span> : null}
            </p>
            <p className="mt-1 text-sm whitespace-pre-wrap break-words text-stone-900">
              {message.content}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
