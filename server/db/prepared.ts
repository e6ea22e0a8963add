/**
 * Named prepared statements on PostgreSQL (docs/decisions/0047-named-prepared-statements.md).
 *
 * Every statement node-postgres sends unnamed is parsed and planned again by the server. For the
 * fixed-shape lookups every signed-in page and detail page runs (by id, by user), planning cost
 * more than running (0.1-1.3 ms against 0.01-0.4 ms at 100,000 projects). A query run through
 * `prepared()` is sent as a named statement: each pooled connection parses it once, and after
 * five runs PostgreSQL keeps a generic plan when it is no worse than the custom ones.
 *
 * Only lookups whose best plan does not depend on the parameter values belong here: list and
 * search queries (whose plans change with a filter's selectivity) stay unnamed.
 */

/** A Drizzle query that can be prepared (select builders and relational queries alike). */
export interface Preparable<T> {
  prepare(name: string): { execute(placeholderValues?: Record<string, unknown>): Promise<T> };
}

/**
 * Runs a Drizzle query as the named prepared statement `name` (a short label of the call site,
 * e.g. "header_state"; letters, digits and underscores). On PostgreSQL the pool turns the label
 * into one name per statement text (statementNamer); on PGlite, and with
 * DATABASE_PREPARED_STATEMENTS=off, it runs as an unnamed statement like any other. Resolves to
 * what awaiting the query would; rejects as the query would.
 */
export function prepared<T>(name: string, query: Preparable<T>): Promise<T> {
  return query.prepare(name).execute();
}

/** Most statement texts named per pool; past it, statements run unnamed (a safety bound). */
export const MAX_NAMED_STATEMENTS = 500;

/**
 * The statement names a pool sends: `label` + "_" + a number per distinct text, because
 * node-postgres refuses one name for two texts on a connection, and one call site may send a few
 * shapes (with and without a cursor, say). Returns undefined (unnamed) when `enabled` is false or
 * after `max` distinct texts.
 */
export function statementNamer(enabled: boolean, max = MAX_NAMED_STATEMENTS): (label: string, text: string) => string | undefined {
  const names = new Map<string, string>();
  return (label, text) => {
    if (!enabled) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < max) names.set(text, (name = `${label}_${names.size + 1}`));
    return name;
  };
}
