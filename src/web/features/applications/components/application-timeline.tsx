import type { Application } from '../../../../shared/schemas/applications.ts';
import { dateTimeText, quotesDetail, type Side, timelineText } from '../words.ts';

/**
 * What happened to the application, oldest first: sent, viewed, each document the landlord
 * opened and when, what was asked and answered, the offer and the decision.
 */
export function ApplicationTimeline({
  application,
  side,
  label = 'Timeline',
}: {
  application: Application;
  side: Side;
  label?: string;
}) {
  return (
    <ol aria-label={label} className="flex flex-col gap-3 border-l-2 border-stone-200 pl-4">
      {application.timeline.map((entry, index) => (
        <li
          // The timeline only grows: an entry's place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are appended, never reordered
          key={index}
          className="relative text-sm"
        >
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-stone-400"
          />
          <p className="font-medium text-stone-900">{timelineText(entry, side)}</p>
          <p className="text-stone-600">
            <time dateTime={entry.at}>{dateTimeText(entry.at)}</time>
          </p>
          {quotesDetail(entry) ? (
            <blockquote className="mt-1 rounded-lg bg-stone-50 px-3 py-2 break-words whitespace-pre-line text-stone-800">
              {entry.detail}
            </blockquote>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
