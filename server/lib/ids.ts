/** Identifiers: rows keyed by uuid (projects, proposals, conversations...) are checked before a query. */

/** A uuid in its canonical text form, any case. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can be a uuid key (anything else cannot name a row: answer 404, not 500). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A user id as better-auth makes them (also a developer's id): letters, digits, "-" and "_". */
export const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** True when `id` can be a user id (anything else, NUL included, cannot name a user: answer 404, not 500). */
export function isUserId(id: string): boolean {
  return USER_ID.test(id);
}
