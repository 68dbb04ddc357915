import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Tour } from '../../../../shared/schemas/tours.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { tourIcsHref } from '../api/get-tour-ics.ts';
import { formatDateTime, TOUR_TYPE_LABEL } from '../format.ts';
import { formatLongDateTime, zoneLabel } from '../zoned-time.ts';

/** The end of a booking: confirmed (with the calendar file) or a request waiting for its answer. */
export function BookTourDone({ tour, toursHref }: { tour: Tour; toursHref: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const when = formatLongDateTime(tour.start, tour.timeZone);
  const confirmed = tour.status === 'confirmed';
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5"
    >
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-emerald-950 outline-none"
      >
        {confirmed ? `Tour confirmed for ${when}` : 'Request sent'}
      </h3>
      <p className="text-stone-800">
        {confirmed
          ? `${TOUR_TYPE_LABEL[tour.type]} · ${zoneLabel(tour.timeZone, tour.start)}. We emailed you the details.`
          : `You asked for ${when} (${zoneLabel(tour.timeZone, tour.start)}).${
              tour.expiresAt
                ? ` The landlord has until ${formatDateTime(tour.expiresAt, tour.timeZone)} to answer;`
                : ''
            } we will email you when they do.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {confirmed ? (
          <a href={tourIcsHref(tour.id)} download className={buttonClass('primary')}>
            Add to calendar
          </a>
        ) : null}
        <Link to={toursHref} className={buttonClass(confirmed ? 'secondary' : 'primary')}>
          See your tours
        </Link>
      </div>
    </div>
  );
}
