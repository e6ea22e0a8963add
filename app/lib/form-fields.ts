/**
 * Form fields named by their path in the shape the shared schemas take, as react-hook-form names its
 * inputs: keys joined by dots, a number for a list's place ("title", "links.github",
 * "experience.0.title", "milestones.1.amount"). A form sent before or without the page's scripts
 * posts these names; its action reads them back into that shape with `formFields`, and a failure's
 * field messages (keyed by the same paths, shared/schemas.ts `fieldErrorsOf`) go back onto the
 * fields with `nestedFieldErrors` (docs/product.md, Look and feel; decision 0055).
 */

/** What formFields reads as lists. Names may use "*" for any index ("portfolio.*.technologies"). */
export interface FormFieldOptions {
  /** Names whose every value makes a list (a hidden input per skill), even when only one is sent. */
  lists?: readonly string[];
  /** Names whose values are comma-separated lists ("Go, Rust"): split at commas, trimmed, blanks dropped. */
  commaLists?: readonly string[];
}

/** Keys that would reach an object's prototype: a field of such a name is dropped. */
const UNSAFE = new Set(["__proto__", "prototype", "constructor"]);
const INDEX = /^\d{1,6}$/;

type Node = Record<string, unknown>;

/** True for the plain objects this module builds (not a string leaf, not a list). */
function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An object whose keys are all list places becomes the list, in the order of its places (gaps closed). */
function toLists(value: unknown): unknown {
  if (!isNode(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = toLists(value[key]);
  if (keys.length && keys.every((k) => INDEX.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => value[String(k)]);
  }
  return value;
}

/** Places `value` at `path` under `root`, making the objects on the way (a text in the way is replaced). */
function place(root: Node, path: string[], value: unknown) {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (!isNode(node[key])) node[key] = {};
    node = node[key] as Node;
  }
  node[path[path.length - 1]!] = value;
}

/**
 * The fields of a posted form as a nested object: "experience.0.title" is `experience[0].title`, a
 * name in `options.lists` collects every value sent under it, one in `options.commaLists` every
 * comma-separated item; any other name sent twice keeps its first value (as FormData.get). List
 * places need not start at 0 or follow each other (their order is kept, gaps closed; at most six
 * digits, so no place can make a huge list); a name with an empty key or one reaching a prototype
 * ("__proto__") is dropped, as are uploaded files. The result goes to the same Zod schema as a
 * JSON body, which says what is wrong with it.
 */
export function formFields(form: FormData | URLSearchParams, options: FormFieldOptions = {}): Record<string, unknown> {
  const pattern = (name: string) =>
    name
      .split(".")
      .map((k) => (INDEX.test(k) ? "*" : k))
      .join(".");
  const lists = new Set(options.lists ?? []);
  const commaLists = new Set(options.commaLists ?? []);
  const root: Node = {};
  const seen = new Set<string>();
  const collected = new Map<string, string[]>();
  for (const [name, raw] of form.entries()) {
    if (typeof raw !== "string") continue;
    const path = name.split(".");
    if (path.some((k) => k === "" || UNSAFE.has(k))) continue;
    const kind = commaLists.has(pattern(name)) ? "comma" : lists.has(pattern(name)) ? "list" : "one";
    if (kind === "one") {
      if (!seen.has(name)) place(root, path, raw);
    } else {
      const items =
        kind === "comma"
          ? raw
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : [raw];
      let list = collected.get(name);
      if (!list) {
        list = [];
        collected.set(name, list);
        place(root, path, list);
      }
      list.push(...items);
    }
    seen.add(name);
  }
  // The form itself stays an object, whatever its names.
  for (const key of Object.keys(root)) root[key] = toLists(root[key]);
  return root;
}

/** react-hook-form's shape of an error: where it came from and its message. */
export interface ServerFieldError {
  type: "server";
  message: string;
}

/**
 * An action's field messages (flat, keyed by path: "milestones.0.title", "milestones") nested the
 * way react-hook-form holds its errors (`errors.milestones[0].title.message`, and the list's own
 * `errors.milestones.message`), to render them in the page the server sends back after a post
 * without JavaScript (useForm's `errors`). A list's places stay where they were (a sparse list).
 */
export function nestedFieldErrors(fields: Record<string, string> | undefined): Record<string, unknown> | undefined {
  if (!fields || !Object.keys(fields).length) return undefined;
  const root: Record<string, unknown> = {};
  for (const [name, message] of Object.entries(fields)) {
    const path = name.split(".");
    if (path.some((k) => k === "" || UNSAFE.has(k))) continue;
    let node: Record<string, unknown> = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const existing = node[key];
      if (last) {
        // A list's own message next to its items' messages: both kept on one object.
        node[key] = typeof existing === "object" && existing !== null ? Object.assign(existing, { type: "server", message }) : { type: "server", message };
        return;
      }
      if (typeof existing !== "object" || existing === null) node[key] = INDEX.test(path[i + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return root;
}

/**
 * A chip list's fields as a form posts them without the scripts (the skills of the profile and the
 * wizard): the items kept, a hidden input each under `name`, and the text box of additions
 * (`added`, read as a comma list by formFields) make one list under `name`; `added` goes.
 */
export function withAddedItems(fields: Record<string, unknown>, name: string, added: string): Record<string, unknown> {
  const { [added]: more, ...rest } = fields;
  if (!(name in fields) && !(added in fields)) return rest;
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  return { ...rest, [name]: [...list(fields[name]), ...list(more)] };
}

/**
 * `value` (fields a form post sent, of any shape: a crafted post can send "features" as one text)
 * in the shape of `template`, so the page rendering them again never meets a shape it cannot draw:
 * a text where the template has one (else the template's text), a list where it has a list (each
 * item shaped like the template's first item; no list: empty), an object with the template's keys.
 */
export function likeShape<T>(value: unknown, template: T): T {
  if (Array.isArray(template)) return (Array.isArray(value) ? value.map((item) => likeShape(item, template[0])) : []) as T;
  if (typeof template === "object" && template !== null) {
    const source = isNode(value) ? value : {};
    return Object.fromEntries(Object.entries(template).map(([key, inner]) => [key, likeShape(source[key], inner)])) as T;
  }
  return (typeof value === "string" ? value : template) as T;
}

/**
 * The stale-save `version` (docs/product.md, Look and feel; decision 0059) a form carries on the page
 * rendered as the answer to its own post sent before or without the scripts (`posted`: the fields as
 * sent; a refusal, or the wizard's Next and Previous): the version that post carried, not the one
 * the loader read just now (`loaded`). The page shows what the user typed on a form opened at that
 * version, so sending it again is refused again ("changed elsewhere", until they reload) instead of
 * saving over the change they were just warned about, as the scripts' form keeps its version when
 * refused. A post that carried none, or not as a text, gives "" (refused as bad input); a form
 * without a version (`loaded` undefined: a new project) has none; no post: `loaded`.
 */
export function postedVersion(posted: Record<string, unknown> | undefined, loaded: string | undefined): string | undefined {
  if (!posted || loaded === undefined) return loaded;
  return typeof posted.version === "string" ? posted.version : "";
}
