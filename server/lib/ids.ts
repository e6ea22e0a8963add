/** Identifiers: rows keyed by uuid (projects, proposals, conversations...) are checked before a query. */

/** A uuid in its canonical text form, any case. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can be a uuid key (anything else cannot name a row: answer 404, not 500). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
