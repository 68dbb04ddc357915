const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when a string has the shape of an id (a UUID): the web app's check, without zod. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
