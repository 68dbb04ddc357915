/** `GET /api/tours/{id}/ics`: the tour's calendar file (a link with `download`, no fetch). */
export function tourIcsHref(tourId: string): string {
  return `/api/tours/${encodeURIComponent(tourId)}/ics`;
}
