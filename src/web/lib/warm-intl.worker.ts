/*
 * Loads ICU's en-US and time-zone data for the whole page (see warm-intl.ts), then ends. Its
 * formatters are thrown away: what stays is the data ICU keeps for every thread of the tab.
 */
new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
}).format(0);
new Intl.NumberFormat('en-US').format(1);
self.close();
