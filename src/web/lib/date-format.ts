/*
 * Intl date formatters, each built on first use and kept. Building one loads locale and time-zone
 * data: a few milliseconds each on a phone, seven of them at a module's top level were 60-80 ms
 * of a signed-in page's first task (decision 062). So none is built when a module loads, and none
 * twice.
 */

const kept = new Map<string, Intl.DateTimeFormat>();

/** The one `Intl.DateTimeFormat(locale, options)` of this page. */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = kept.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    kept.set(key, format);
  }
  return format;
}
