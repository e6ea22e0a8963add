/**
 * Zod schemas shared by the forms (react-hook-form) and the server (actions and the JSON API):
 * one schema, one message. Messages are the exact strings of docs/product.md, Messages and errors.
 */
import { z } from "zod";
import { MODERATION_ACTION_LABELS, USER_REPORT_REASONS, type ModerationActionName } from "./moderation";
import {
  canonicalSkill,
  ALERT_FREQUENCIES,
  REPORT_REASONS,
  AVAILABILITIES,
  EMAIL_TYPES,
  MAX_MESSAGE,
  type EmailType,
  BUDGET_RANGE_CODES,
  DEVELOPER_SORTS,
  LOCATIONS,
  RESPONSE_TIMES,
  CATEGORIES,
  MAX_ADDITIONAL_INFO,
  MAX_DESCRIPTION,
  MAX_EMAIL,
  MAX_FEATURE,
  MAX_FEATURES,
  MAX_PROPOSAL_MILESTONES,
  MAX_NAME,
  MAX_PASSWORD,
  MAX_SEARCH,
  MAX_SKILL,
  MAX_SKILLS,
  MAX_PORTFOLIO_IMAGES,
  MAX_TARGET_AUDIENCE,
  MAX_TITLE,
  MAX_YEARS_AHEAD,
  MIN_DESCRIPTION,
  MIN_NAME,
  MIN_PASSWORD,
  MIN_TITLE,
  PAGE_SIZE,
  PLATFORMS,
  PROJECT_SORTS,
  TIMELINE_CODES,
  USER_TYPES,
  MAX_MESSAGE_FILES,
  MAX_PROJECT_FILES,
  MAX_PROPOSAL_FILES,
} from "./constants";
import { isBlankAmount, latestDateIso, randText, todayIso } from "./format";

// In the browser, Zod must not compile parsers with `new Function`: the pages' Content-Security-Policy
// has no 'unsafe-eval', and even Zod's probe for it is reported as a violation (docs/decisions/0010).
if (typeof document !== "undefined") z.config({ jitless: true });

/**
 * Control characters (Unicode category Cc: U+0000-U+001F, U+007F-U+009F), and the bidirectional
 * embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069). PostgreSQL refuses NUL
 * in text and JSON, and the others have no place in a name, title or message (docs/security.md,
 * "Authentication" and bad input): an override shows "gpj.exe" as "exe.jpg" and makes a name or a
 * link read as something else. Arabic or Hebrew text needs none of them (their direction comes
 * from the letters).
 */
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
/** The same, less tab, line feed and carriage return (a textarea sends line breaks as CRLF). */
const CONTROL_IN_LINES = /[^\P{Cc}\t\n\r]|[\u202A-\u202E\u2066-\u2069]/u;

/** The field message for text holding control characters. */
export const controlCharactersMessage = (label: string) => `${label} cannot contain control characters`;

/**
 * `schema` refusing control characters with `label`'s message; `multiline` text keeps tabs and
 * line breaks. Checked after the schema's own checks, so "required" and length messages come first.
 */
function plain<T extends z.ZodString>(schema: T, label: string, multiline = false): T {
  const pattern = multiline ? CONTROL_IN_LINES : CONTROL;
  return schema.refine((v) => !pattern.test(v), controlCharactersMessage(label));
}

/**
 * `schema` (a z.number) for a number a form sends as text or a JSON body as a number: decimal text
 * ("1500", " 2.5 ") is read as its number and "" as 0, as z.coerce did; anything else (true, [7],
 * "0x1f4", "1e3", an object) is left as it is, so z.number refuses it with the field's "must be a
 * number" message instead of reading true as R1 (docs/security.md, Bad input).
 */
function numberInput<T extends z.ZodNumber>(schema: T, read: (text: string) => string | null = plainDecimal) {
  return z.preprocess((v) => {
    if (typeof v !== "string") return v;
    if (v.trim() === "") return 0;
    const text = read(v);
    return text === null ? v : Number(text);
  }, schema);
}

/** Plain decimal text ("1500", " 2.5 ", "-3"), trimmed, or null. */
function plainDecimal(value: string): string | null {
  const text = value.trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? text : null;
}

/**
 * `schema` (a z.number of rand) for an amount a form sends as text: as numberInput, and also as South
 * Africans type money ("R 1 500", "1 500,00", "1,500"; shared/format.ts randText), so what is accepted
 * is what the user meant and the rest gets the field's "must be a number" message (docs/product.md,
 * Money typed in forms).
 */
function randInput<T extends z.ZodNumber>(schema: T) {
  return numberInput(schema, randText);
}

/**
 * randInput for an amount that must be given: absent, null, "" or only spaces is `requiredMessage`
 * ("Please enter your price"), not read as R0 and refused as under the minimum (docs/product.md,
 * Money typed in forms).
 */
function requiredRandInput<T extends z.ZodNumber>(schema: T, requiredMessage: string) {
  return z.preprocess((v, ctx) => {
    if (isBlankAmount(v)) {
      ctx.addIssue({ code: "custom", message: requiredMessage });
      return z.NEVER;
    }
    return v;
  }, randInput(schema));
}

/** Ids in bodies and queries (better-auth's user ids, UUIDs): letters, digits, "-" and "_". */
const USER_ID = /^[A-Za-z0-9_-]+$/;
/** The largest PostgreSQL integer: bigger numbers for integer columns are refused as input (400). */
const MAX_INT4 = 2_147_483_647;

/** Spaces and the invisible characters a paste brings along (zero-width space, joiners, BOM) at either end. */
const INVISIBLE_EDGES = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;

/**
 * `text` trimmed of spaces and of invisible characters at either end: what z.string().trim() does, and
 * also a title or message of nothing but zero-width spaces is empty ("... is required") instead of
 * an invisible title (docs/product.md, Messages and errors). Joiners inside the text (emoji sequences)
 * stay. Line breaks become "\n"; letters are composed (NFC).
 */
export function trimText(text: string): string {
  // A form sent without JavaScript sends each line break as CRLF, two characters: read as one, as the
  // text box counted it for its maxLength, so text at the limit is not refused as over it.
  // NFC: "Zoë" typed as "e" and a combining diaeresis (some keyboards, pasted text) is stored and
  // searched as the one letter "ë", so a search finds it whichever way either was typed.
  return text.normalize("NFC").replace(/\r\n?/g, "\n").replace(INVISIBLE_EDGES, "");
}

/** A required string, trimmed (trimText): `requiredMessage` when missing, empty or not a string. */
function requiredText(requiredMessage: string) {
  return z.string({ error: requiredMessage }).overwrite(trimText).min(1, requiredMessage);
}

/**
 * Why the skill typed into a skills box (the wizard's, the developer profile's) cannot join
 * `skills`, with skillList's own messages, or undefined: the box refuses it on Add, where the
 * message shows, instead of adding a chip that the form then refuses without saying which.
 */
export function skillRefusal(skill: string, skills: readonly string[]): string | undefined {
  const folded = skill.toLowerCase();
  if (skills.some((s) => s.toLowerCase() === folded)) return "A skill cannot be added twice";
  if (skill.length > MAX_SKILL) return `Each skill must be at most ${MAX_SKILL} characters`;
  if (skills.length >= MAX_SKILLS) return `At most ${MAX_SKILLS} skills`;
  return undefined;
}

/**
 * A list of skills: trimmed, at most 20 of 40 characters each, no duplicates, a known skill in its
 * own spelling (`canonicalSkill`; docs/product.md, Messages and errors and Constants).
 */
function skillList() {
  return z
    .array(
      z
        .string({ error: "Each skill must be text" })
        .overwrite(trimText)
        .min(1, "A skill cannot be empty")
        .max(MAX_SKILL, `Each skill must be at most ${MAX_SKILL} characters`)
        .refine((v) => !CONTROL.test(v), controlCharactersMessage("A skill"))
        .overwrite(canonicalSkill),
      { error: "Skills must be a list" },
    )
    .max(MAX_SKILLS, `At most ${MAX_SKILLS} skills`)
    .default([])
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, "A skill cannot be added twice");
}

export const emailSchema = requiredText("Email is required")
  .max(MAX_EMAIL, `Email must be at most ${MAX_EMAIL} characters`)
  .pipe(z.email("Invalid email address"))
  .transform((v) => v.toLowerCase());

/** A person's display name: 2 to MAX_NAME characters, one line (docs/product.md, Messages and errors; docs/security.md). */
export const nameSchema = plain(
  requiredText("Name is required").min(MIN_NAME, "Name must be at least 2 characters").max(MAX_NAME, `Name must be at most ${MAX_NAME} characters`),
  "Name",
);

/** Login form (docs/product.md, Messages and errors). `rememberMe` true keeps the session 30 days (docs/product.md). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Field messages of the password rules beyond length (docs/security.md "Authentication"). */
export const PASSWORD_PERSONAL_MESSAGE = "Password must not be your email address or name";
export const PASSWORD_COMMON_MESSAGE = "This password is too common. Please choose one that is harder to guess";

/**
 * PASSWORD_PERSONAL_MESSAGE when `password` is the account's own email, its local part (before
 * the @) or its name (also without spaces), ignoring case and surrounding blanks; else null.
 * The server adds the check against common passwords (server/auth/password-policy.ts), whose
 * list stays out of the browser.
 */
export function personalPasswordProblem(password: string, who: { email?: string | null; name?: string | null }): string | null {
  const guess = password.trim().toLowerCase();
  const email = (who.email ?? "").trim().toLowerCase();
  const name = (who.name ?? "").trim().toLowerCase();
  const own = [email, email.split("@")[0] ?? "", name, name.replace(/\s+/g, "")].filter(Boolean);
  return own.includes(guess) ? PASSWORD_PERSONAL_MESSAGE : null;
}

/** A new password: MIN_PASSWORD (docs/product.md) to MAX_PASSWORD characters. */
export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(MIN_PASSWORD, "Password must be at least 6 characters")
  .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`);
const confirmPassword = z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password");

/**
 * "Passwords do not match" on `confirmPassword` whenever both fields are non-empty text, even
 * while another field of the form is still invalid (Zod skips an object-level refinement after
 * any field fails unless `when` says otherwise), so each field's message shows at once
 * (docs/product.md, Journeys).
 */
function passwordsMatch<T extends Record<string, unknown>>(field: keyof T & string): [(v: T) => boolean, z.core.$ZodCustomParams] {
  return [
    (v: T) => v[field] === v.confirmPassword,
    {
      message: "Passwords do not match",
      path: ["confirmPassword"],
      when: (payload: { value: unknown }) => {
        const v = payload.value as Record<string, unknown> | null;
        return typeof v?.[field] === "string" && typeof v.confirmPassword === "string" && v[field] !== "" && v.confirmPassword !== "";
      },
    },
  ];
}

/** Register form (docs/product.md, Messages and errors), plus: the password is not the account's own email or name. */
export const registerSchema = z
  .object({
    userType: z.enum(USER_TYPES, { error: "Please choose an account type" }).default("client"),
    name: nameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword,
    terms: z.literal(true, { error: "You must accept the terms and conditions" }),
  })
  .refine(...passwordsMatch<{ password: string; confirmPassword: string }>("password"))
  .refine((v) => !personalPasswordProblem(v.password, v), { message: PASSWORD_PERSONAL_MESSAGE, path: ["password"] });
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** The message of a reset link that does not work (docs/product.md, Accounts). */
export const INVALID_RESET_LINK = "This reset link is invalid or has expired";

/** A reset token as better-auth makes them (24 letters and digits); anything else is an invalid link. */
export const resetTokenSchema = z
  .string({ error: INVALID_RESET_LINK })
  .min(1, INVALID_RESET_LINK)
  .max(200, INVALID_RESET_LINK)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_RESET_LINK);

export const resetPasswordSchema = z
  .object({
    token: resetTokenSchema,
    password: newPasswordSchema,
    confirmPassword,
  })
  .refine(...passwordsMatch<{ password: string; confirmPassword: string }>("password"));

const optionalText = (max: number, label: string, multiline = false) =>
  plain(
    z
      .string({ error: `${label} must be text` })
      .overwrite(trimText)
      .max(max, `${label} must be at most ${max} characters`),
    label,
    multiline,
  ).default("");

/** A list of uploaded file ids (docs/product.md, Files): at most `max`, each a UUID. */
export function fileIdsSchema(max: number) {
  return z
    .array(
      z
        .string({ error: "A file could not be attached. Upload it again." })
        .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "A file could not be attached. Upload it again."),
      {
        error: "Attachments must be a list of uploaded files",
      },
    )
    .max(max, `Attach at most ${max} files`);
}

/**
 * A project's deadline: "" or null for none, else an ISO date from today to MAX_YEARS_AHEAD years on. `kept`, the saved
 * deadline of a project being edited (YYYY-MM-DD), stays allowed once it has passed, so editing the
 * description of a project whose deadline went by is not refused over a field the owner left alone
 * (docs/product.md, Projects).
 */
function deadlineField(kept = "") {
  return (
    z
      .union([z.literal(""), z.null(), z.iso.date("Deadline must be a date")], { error: "Deadline must be a date" })
      .optional()
      // Compared in Africa/Johannesburg when the form is sent (docs/product.md, Journeys).
      .refine((v) => !v || v === kept || v >= todayIso(), "Deadline cannot be in the past")
      .refine((v) => !v || v === kept || v <= latestDateIso(), `Deadline must be within ${MAX_YEARS_AHEAD} years`)
      .transform((v) => (v ? v : null))
  );
}

/**
 * Project create/update (docs/product.md, Projects). Output: features without blanks, unique skills,
 * category defaulting to Other, deadline as ISO date or null. Budget bounds are derived on the
 * server from `budgetRange` (docs/product.md), never accepted from the client.
 */
export const projectSchema = z.object({
  title: plain(
    requiredText("Project title is required")
      .min(MIN_TITLE, "Title must be at least 5 characters")
      .max(MAX_TITLE, `Title must be at most ${MAX_TITLE} characters`),
    "Title",
  ),
  description: plain(
    requiredText("Project description is required")
      .min(MIN_DESCRIPTION, "Description must be at least 50 characters")
      .max(MAX_DESCRIPTION, `Description must be at most ${MAX_DESCRIPTION} characters`),
    "Description",
    true,
  ),
  platform: z.enum(PLATFORMS, { error: "Please select a platform" }),
  features: z
    .array(
      plain(
        z.string({ error: "Each feature must be text" }).overwrite(trimText).max(MAX_FEATURE, `Each feature must be at most ${MAX_FEATURE} characters`),
        "A feature",
      ),
      {
        error: "Features must be a list",
      },
    )
    .max(MAX_FEATURES, `At most ${MAX_FEATURES} features`)
    .default([])
    .transform((list) => list.filter((f) => f.length > 0)),
  budgetRange: z.enum(BUDGET_RANGE_CODES, { error: "Please select a budget range" }),
  timeline: z.enum(TIMELINE_CODES, { error: "Please select a timeline" }),
  skills: skillList(),
  targetAudience: optionalText(MAX_TARGET_AUDIENCE, "Target audience"),
  additionalInfo: optionalText(MAX_ADDITIONAL_INFO, "Additional information", true),
  category: z.enum(CATEGORIES, { error: "Please select a category" }).default("Other"),
  deadline: deadlineField(),
  /** Uploaded file ids (POST /api/v1/files), at most MAX_PROJECT_FILES; absent on an edit: unchanged (docs/product.md, Files). */
  attachments: fileIdsSchema(MAX_PROJECT_FILES).optional(),
});
export type ProjectInput = z.input<typeof projectSchema>;
export type ProjectData = z.output<typeof projectSchema>;

/** projectSchema for editing a project whose saved deadline is `savedDeadline` (YYYY-MM-DD, or "" for none): that deadline may have passed (deadlineField). */
export function projectEditSchema(savedDeadline: string) {
  return projectSchema.extend({ deadline: deadlineField(savedDeadline) });
}

/** The fields each wizard step validates (docs/product.md, Screens: Next validates before advancing). */
export const PROJECT_WIZARD_STEPS = [
  { title: "Project Details", fields: ["title", "description", "platform", "features"] },
  { title: "Budget & Timeline", fields: ["budgetRange", "timeline", "skills", "deadline"] },
  { title: "Additional Info", fields: ["targetAudience", "category", "additionalInfo"] },
] as const satisfies ReadonlyArray<{ title: string; fields: ReadonlyArray<keyof ProjectInput> }>;

const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

const randQuery = (label: string) =>
  optionalQuery(
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number of rand`)
      .min(0, `${label} cannot be negative`)
      .max(100_000_000, `${label} is too large`),
  );

/** List query parts shared by /projects and /developers. */
const searchQuery = optionalQuery(plain(z.string().overwrite(trimText).max(MAX_SEARCH, `Search must be at most ${MAX_SEARCH} characters`), "Search"));
const skillsQuery = optionalQuery(
  z
    .string()
    .max(MAX_SKILLS * (MAX_SKILL + 1), "Too many skills")
    .transform((s) => [
      ...new Set(
        s
          .split(",")
          .map((x) => canonicalSkill(x.trim()))
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(plain(z.string().max(MAX_SKILL, `Each skill must be at most ${MAX_SKILL} characters`), "A skill")).max(MAX_SKILLS, "Too many skills")),
);
/** An opaque list cursor: base64url text (server/projects/cursor.ts). */
const cursorQuery = optionalQuery(
  z
    .string()
    .max(500, "Invalid cursor")
    .regex(/^[A-Za-z0-9_-]*$/, "Invalid cursor"),
);
const limitQuery = optionalQuery(
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(50, "limit must be at most 50"),
).transform((v) => v ?? PAGE_SIZE);

/**
 * Query of the project list, for /projects and GET /api/v1/projects (docs/product.md, Screens route table).
 * Empty values are ignored (docs/product.md, Messages and errors). `skills` is a comma list.
 */
export const projectListQuerySchema = z.object({
  search: searchQuery,
  category: optionalQuery(z.enum(CATEGORIES, { error: "Unknown category" })),
  platform: optionalQuery(z.enum(PLATFORMS, { error: "Unknown platform" })),
  budgetMin: randQuery("budgetMin"),
  budgetMax: randQuery("budgetMax"),
  skills: skillsQuery,
  sortBy: optionalQuery(z.enum(PROJECT_SORTS, { error: "Unknown sort" })).transform((v) => v ?? "newest"),
  cursor: cursorQuery,
  limit: limitQuery,
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export type FieldErrors = Record<string, string>;

/** First message per field path ("features.2" for nested), from a ZodError. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_form";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** Reasons a project can be reported for (docs/product.md: the flag button). */
export { REPORT_REASONS };

/** A report of a project (flag button): a reason and optional details. */
export const projectReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: "Please choose a reason" }),
  details: plain(z.string({ error: "Details must be text" }).overwrite(trimText).max(1000, "Details must be at most 1000 characters"), "Details", true).default(
    "",
  ),
});

/** A report of a profile or a message (docs/product.md, Trust and safety): a reason from the list and optional details. */
export const userReportSchema = z.object({
  reason: z.enum(USER_REPORT_REASONS, { error: "Please choose a reason" }),
  details: plain(z.string({ error: "Details must be text" }).overwrite(trimText).max(1000, "Details must be at most 1000 characters"), "Details", true).default(
    "",
  ),
});

/** A moderator's action on a report (the /moderation queue): which action and why (kept in the audit log). */
export const moderationActionSchema = z.object({
  action: z.enum(Object.keys(MODERATION_ACTION_LABELS) as [ModerationActionName, ...ModerationActionName[]], { error: "Please choose an action" }),
  reason: plain(
    z
      .string({ error: "Reason must be text" })
      .overwrite(trimText)
      .min(3, "Please give a reason (at least 3 characters)")
      .max(500, "Reason must be at most 500 characters"),
    "Reason",
  ),
});

/**
 * An optional https:// link. A bare address ("github.com/thabo") is completed with https://
 * instead of refused (docs/product.md, Journeys); another scheme (http://, javascript:) is refused.
 */
const httpsUrl = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === "string" && v.trim() && !/^[a-z][a-z0-9+.-]*:/i.test(v.trim()) ? `https://${v.trim()}` : v),
      z
        .string({ error: `${label} must be text` })
        .overwrite(trimText)
        .max(300, `${label} must be at most 300 characters`)
        .refine((v) => v === "" || (/^https:\/\/[^\s/$.?#].[^\s]*$/i.test(v) && !CONTROL.test(v)), `${label} must be a valid https:// URL`),
    )
    .default("");

const yearMonth = (label: string, required: boolean) =>
  z
    .string({ error: `${label} must be text` })
    .overwrite(trimText)
    .refine(
      (v) => (required ? /^\d{4}-(0[1-9]|1[0-2])$/.test(v) : v === "" || /^\d{4}-(0[1-9]|1[0-2])$/.test(v)),
      required ? `${label} is required (YYYY-MM)` : `${label} must be YYYY-MM`,
    );

const itemId = z
  .string()
  .overwrite(trimText)
  .max(40)
  .regex(/^[A-Za-z0-9_-]*$/, "Invalid item id")
  .default("");

/** A developer profile (docs/product.md, Developers, Projects). hourlyRate: whole rand per hour, or null for "Rate on request". */
export const developerProfileSchema = z.object({
  title: plain(z.string({ error: "Title must be text" }).overwrite(trimText).max(80, "Title must be at most 80 characters"), "Title").default(""),
  bio: plain(z.string({ error: "Bio must be text" }).overwrite(trimText).max(2000, "Bio must be at most 2000 characters"), "Bio", true).default(""),
  city: z
    .union([z.enum(LOCATIONS, { error: "Please choose a city from the list" }), z.literal(""), z.null()], { error: "Please choose a city from the list" })
    .default(null)
    .transform((v) => v || null),
  // Empty (or only spaces): "Rate on request". Anything else is read as rand, so "450.5" says "whole
  // rand" and "20" "at least R50" rather than one "must be a number" for every refusal.
  hourlyRate: z.preprocess(
    (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v),
    randInput(
      z
        .number({ error: "Hourly rate must be a number" })
        .int("Hourly rate must be whole rand")
        .min(50, "Hourly rate must be at least R50")
        .max(10000, "Hourly rate must be at most R10 000"),
    ).nullable(),
  ),
  responseTime: z.union([z.enum(RESPONSE_TIMES), z.literal("")], { error: "Please choose a response time" }).default(""),
  availability: z.enum(AVAILABILITIES, { error: "Please choose your availability" }).default("available"),
  skills: skillList(),
  links: z
    .object({ github: httpsUrl("GitHub link"), linkedin: httpsUrl("LinkedIn link"), website: httpsUrl("Website") }, { error: "Links must be an object" })
    .default({ github: "", linkedin: "", website: "" }),
  portfolio: z
    .array(
      z.object({
        id: itemId,
        title: plain(requiredText("Project title is required").max(120, "Title must be at most 120 characters"), "Title"),
        description: plain(z.string().overwrite(trimText).max(1000, "Description must be at most 1000 characters"), "Description", true).default(""),
        technologies: z
          .array(plain(z.string().overwrite(trimText).min(1).max(MAX_SKILL), "A technology"))
          .max(MAX_SKILLS)
          .default([]),
        link: httpsUrl("Project link"),
        /** The item's images (file ids of uploads, in order); left out, the images stay as they are. */
        imageIds: z
          .array(z.string({ error: "An image could not be attached. Upload it again." }), { error: "Images must be a list" })
          .max(MAX_PORTFOLIO_IMAGES, `Add at most ${MAX_PORTFOLIO_IMAGES} images to a portfolio item`)
          .optional(),
      }),
      { error: "Portfolio must be a list" },
    )
    .max(20, "At most 20 portfolio items")
    .default([]),
  experience: z
    .array(
      z
        .object({
          id: itemId,
          title: plain(requiredText("Job title is required").max(120, "Job title must be at most 120 characters"), "Job title"),
          company: plain(requiredText("Company is required").max(120, "Company must be at most 120 characters"), "Company"),
          startDate: yearMonth("Start date", true).refine((v) => !/^\d{4}-\d{2}$/.test(v) || v <= todayIso().slice(0, 7), "Start date cannot be in the future"),
          endDate: yearMonth("End date", false).default(""),
          description: plain(z.string().overwrite(trimText).max(1000, "Description must be at most 1000 characters"), "Description", true).default(""),
        })
        .refine((e) => !e.endDate || e.endDate >= e.startDate, { message: "End date must be after the start date", path: ["endDate"] }),
      { error: "Experience must be a list" },
    )
    .max(20, "At most 20 experience entries")
    .default([]),
  certifications: z
    .array(
      z.object({
        id: itemId,
        name: plain(requiredText("Certification name is required").max(120, "Name must be at most 120 characters"), "Name"),
        issuer: plain(requiredText("Issuer is required").max(120, "Issuer must be at most 120 characters"), "Issuer"),
        date: yearMonth("Date", false).default(""),
      }),
      { error: "Certifications must be a list" },
    )
    .max(20, "At most 20 certifications")
    .default([]),
});
export type DeveloperProfileInput = z.input<typeof developerProfileSchema>;
export type DeveloperProfileData = z.output<typeof developerProfileSchema>;

/** Query of /developers and GET /api/v1/developers (docs/product.md, Screens route table). */
export const developerListQuerySchema = z.object({
  search: searchQuery,
  skills: skillsQuery,
  location: optionalQuery(z.enum(LOCATIONS, { error: "Unknown location" })),
  minRating: optionalQuery(
    z.coerce.number({ error: "minRating must be a number" }).min(0, "minRating must be between 0 and 5").max(5, "minRating must be between 0 and 5"),
  ),
  availability: optionalQuery(z.enum(AVAILABILITIES, { error: "Unknown availability" })),
  sortBy: optionalQuery(z.enum(DEVELOPER_SORTS, { error: "Unknown sort" })).transform((v) => v ?? "rating"),
  cursor: cursorQuery,
  limit: limitQuery,
});
export type DeveloperListQuery = z.output<typeof developerListQuerySchema>;

/** Settings: change the display name (both roles). */
export const changeNameSchema = z.object({ name: nameSchema });

/** Settings: change password; the current one is required and other sessions end. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(MAX_PASSWORD),
    newPassword: newPasswordSchema,
    confirmPassword,
  })
  .refine(...passwordsMatch<{ newPassword: string; confirmPassword: string }>("newPassword"));

/** Settings: delete my account, confirmed with the password. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: "Please enter your password to confirm" }).min(1, "Please enter your password to confirm").max(MAX_PASSWORD),
});

/** Settings, Email address: the new address and the password (docs/product.md, Accounts). */
export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  password: deleteAccountSchema.shape.password,
});

/** A password that confirms a Settings change (two-factor sign-in on or off). */
export const confirmPasswordSchema = z.object({ password: deleteAccountSchema.shape.password });

/** The 6-digit code of an authenticator app (docs/product.md, Accounts). */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from your authenticator app" })
    .overwrite(trimText)
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

/** The second step of signing in: a code from the app, or (`backup`) one of the backup codes. */
export const twoFactorSignInSchema = z.discriminatedUnion("method", [
  totpCodeSchema.extend({ method: z.literal("totp") }),
  z.object({
    method: z.literal("backup"),
    code: z
      .string({ error: "Enter one of your backup codes" })
      .overwrite(trimText)
      .min(1, "Enter one of your backup codes")
      .max(40, "Enter one of your backup codes"),
  }),
]);
/** A milestone's title and amount in whole rand: a proposal's milestones and a contract's milestone changes share it. */
export const milestoneItemSchema = z.object({
  title: plain(requiredText("Milestone title is required").max(120, "Milestone title must be at most 120 characters"), "Milestone title"),
  amount: requiredRandInput(
    z
      .number({ error: "Amount must be a number" })
      .int("Amount must be whole rand")
      .min(1, "Amount must be at least R1")
      .max(100_000_000, "Amount is too large"),
    "Please enter the amount",
  ),
});

/**
 * A proposed milestone change on a contract (docs/product.md, Payments "Milestone changes"): a new
 * milestone (no milestoneId) or new terms for an unfunded one: title, amount in whole rand, and an
 * optional due date (ISO date, not in the past; empty: no due date).
 */
export const milestoneChangeSchema = milestoneItemSchema.extend({
  milestoneId: z
    .union([z.literal(""), z.null(), z.uuid("Choose a milestone of this contract")], { error: "Choose a milestone of this contract" })
    .optional()
    .transform((v) => v || null),
  dueDate: z
    .union([z.literal(""), z.null(), z.iso.date("Due date must be a date")], { error: "Due date must be a date" })
    .optional()
    .transform((v) => v || null)
    .refine((v) => !v || v >= todayIso(), "Due date cannot be in the past")
    .refine((v) => !v || v <= latestDateIso(), `Due date must be within ${MAX_YEARS_AHEAD} years`),
});
export type MilestoneChangeInput = z.input<typeof milestoneChangeSchema>;

/** Minimum cover letter and price of a proposal (docs/product.md, Proposals). */
export const MIN_COVER_LETTER = 100;
export const MIN_PROPOSAL_PRICE = 500;

/**
 * A proposal (docs/product.md, Proposals): cover letter (100+ characters), price in whole rand (R500+), duration as
 * a timeline code or a number of days, optional milestones whose amounts add up to the price.
 */
export const proposalSchema = z
  .object({
    coverLetter: plain(
      requiredText("Cover letter is required")
        .min(MIN_COVER_LETTER, "Cover letter must be at least 100 characters")
        .max(5000, "Cover letter must be at most 5000 characters"),
      "Cover letter",
      true,
    ),
    price: requiredRandInput(
      z
        .number({ error: "Price must be a number" })
        .int("Price must be a whole number of rand")
        .min(MIN_PROPOSAL_PRICE, "Price must be at least R500")
        .max(100_000_000, "Price is too large"),
      "Please enter your price",
    ),
    duration: z
      .union([z.string(), z.number()], { error: "Please choose a timeline or enter a number of days" })
      .transform((v) => String(v).trim())
      .refine(
        (v) => (TIMELINE_CODES as readonly string[]).includes(v) || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 730),
        "Please choose a timeline or enter a number of days (1 to 730)",
      ),
    milestones: z
      .array(milestoneItemSchema, { error: "Milestones must be a list" })
      .max(MAX_PROPOSAL_MILESTONES, `At most ${MAX_PROPOSAL_MILESTONES} milestones`)
      .default([]),
    /** Uploaded file ids (a CV, a quote, a design), at most MAX_PROPOSAL_FILES; absent on an edit: unchanged (docs/product.md, Files). */
    attachments: fileIdsSchema(MAX_PROPOSAL_FILES).optional(),
  })
  .refine((v) => v.milestones.length === 0 || v.milestones.reduce((sum, m) => sum + m.amount, 0) === v.price, {
    message: "Milestone amounts must add up to the price",
    path: ["milestones"],
  });
export type ProposalInput = z.input<typeof proposalSchema>;

const versionFormat = z.iso.datetime({ precision: 3 });

/**
 * A row's version as the server hands it out: its updatedAt as an ISO time in UTC with milliseconds
 * ("2026-11-29T08:15:30.123Z", what Date.toISOString writes). A form or an API caller sends it back
 * so a save over a row changed since is refused (409); anything else (an empty text, a number, another
 * date format) is bad input, refused with 400 on `version`, never taken for a stale version
 * (docs/product.md, Projects, Proposals and Developers).
 */
export function isVersion(value: string): boolean {
  return versionFormat.safeParse(value).success;
}

export const PROPOSAL_VERSION_MESSAGE = "Version must be the proposal's updatedAt as you read it. Reload the page, then make your changes again.";

/** The `version` of a proposal edit: its updatedAt as read; null or absent: not checked (API callers). */
export const proposalVersionSchema = z.string({ error: PROPOSAL_VERSION_MESSAGE }).refine(isVersion, PROPOSAL_VERSION_MESSAGE).nullish();

export const PROJECT_VERSION_MESSAGE = "Version must be the project's updatedAt as you read it. Reload the page, then make your changes again.";

/** The `version` of a project edit: its updatedAt as read; null or absent: not checked (API callers). */
export const projectVersionSchema = z.string({ error: PROJECT_VERSION_MESSAGE }).refine(isVersion, PROJECT_VERSION_MESSAGE).nullish();

/** The `version` of a profile form opened before the developer's first save: "I expect no profile yet". */
export const NEW_PROFILE_VERSION = "new";

export const PROFILE_VERSION_MESSAGE =
  'Version must be the profile\'s updatedAt as you read it, or "new" before its first save. Reload the page, then make your changes again.';

/**
 * The `version` of a profile save: its updatedAt as read, or NEW_PROFILE_VERSION (create only: refused
 * when a profile exists); null or absent: not checked (API callers).
 */
export const profileVersionSchema = z
  .string({ error: PROFILE_VERSION_MESSAGE })
  .refine((v) => v === NEW_PROFILE_VERSION || isVersion(v), PROFILE_VERSION_MESSAGE)
  .nullish();

export const declineSchema = z.object({
  reason: plain(z.string({ error: "Reason must be text" }).overwrite(trimText).max(500, "Reason must be at most 500 characters"), "Reason", true).default(""),
});

/** A review after a completed project (docs/product.md, Proposals): 1-5 stars, comment of 20+ characters. */
export const reviewSchema = z.object({
  rating: numberInput(
    z.number({ error: "Please choose a rating" }).int("Please choose a rating").min(1, "Please choose a rating").max(5, "Please choose a rating"),
  ),
  comment: plain(
    requiredText("Comment is required").min(20, "Comment must be at least 20 characters").max(2000, "Comment must be at most 2000 characters"),
    "Comment",
    true,
  ),
});

export const PROPOSAL_SORTS = ["newest", "price_low", "best_rated"] as const;
export type ProposalSort = (typeof PROPOSAL_SORTS)[number];

/** A message's text: at most MAX_MESSAGE characters of plain text; surrounding blank space is dropped. */
const messageText = plain(
  z
    .string({ error: "Message cannot be empty" })
    .overwrite(trimText)
    .max(MAX_MESSAGE, `Message must be at most ${MAX_MESSAGE.toLocaleString("en-US")} characters`),
  "Message",
  true,
);

/** Why a message with nothing in it is refused (no text and no files). */
export const EMPTY_MESSAGE = "Message cannot be empty";

/**
 * A message (docs/product.md, Messages and notifications): 1 to MAX_MESSAGE characters of plain text,
 * or no text with at least one attachment (files sent on their own); neither is EMPTY_MESSAGE on `body`.
 */
export const messageSchema = z
  .object({
    body: messageText.default(""),
    /** Ids of the sender's uploads (POST /api/v1/files), at most MAX_MESSAGE_FILES (docs/product.md, Files). */
    attachments: fileIdsSchema(MAX_MESSAGE_FILES).optional(),
  })
  .refine((v) => v.body.length > 0 || (v.attachments?.length ?? 0) > 0, { message: EMPTY_MESSAGE, path: ["body"] });
export type MessageInput = z.input<typeof messageSchema>;

/**
 * Opening a conversation (docs/product.md, Messages and notifications): with a user (`to`) or with a project's owner (`projectId`),
 * optionally with the first message: text, files (`attachments`, as messageSchema), or both. Whether a
 * new conversation has a message at all is startConversation's check (EMPTY_MESSAGE).
 */
export const startConversationSchema = z
  .object({
    to: optionalQuery(z.string().max(100, "Unknown user").regex(USER_ID, "Unknown user")),
    projectId: optionalQuery(z.string().max(100, "Project not found").regex(USER_ID, "Project not found")),
    body: optionalQuery(messageText),
    attachments: fileIdsSchema(MAX_MESSAGE_FILES).optional(),
  })
  // A user, a project (its owner), or both: a project's owner writing to a developer about it.
  .refine((v) => Boolean(v.to) || Boolean(v.projectId), { message: "Say who the conversation is with: a user or a project", path: ["to"] });
export type StartConversationInput = z.input<typeof startConversationSchema>;

/** Older messages of a thread: `cursor` is the seq of the oldest message shown; `after` catches up. */
export const messageListQuerySchema = z.object({
  cursor: optionalQuery(z.coerce.number({ error: "Invalid cursor" }).int("Invalid cursor").min(1, "Invalid cursor").max(MAX_INT4, "Invalid cursor")),
  after: optionalQuery(z.coerce.number({ error: "Invalid cursor" }).int("Invalid cursor").min(0, "Invalid cursor").max(MAX_INT4, "Invalid cursor")),
  limit: limitQuery,
});

/** Inbox and notification lists: opaque keyset cursor and page size. */
export const pageQuerySchema = z.object({ cursor: cursorQuery, limit: limitQuery });

/**
 * The notifications /notifications showed, marked read once it has rendered (docs/product.md,
 * Messages and notifications; decision 0061): 1 to 50 ids (a page holds at most 50).
 */
export const seenNotificationsSchema = z.object({
  ids: z
    .array(z.uuid("Unknown notification"), { error: "Notifications must be a list of ids" })
    .min(1, "Say which notifications were seen")
    .max(50, "At most 50 notifications at once"),
});

/** Email switches in Settings (docs/product.md, Messages and notifications); every field optional so one switch can change alone. */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_TYPES.map((t) => [t, z.boolean({ error: "Must be true or false" }).optional()])) as Record<EmailType, z.ZodOptional<z.ZodBoolean>>,
);

/**
 * Saving a project search (docs/product.md, Journeys "Saved searches"): the browse filters (as the
 * /projects URL has them; sort and paging are not part of a search), an optional name (default: a
 * summary of the filters) and the alert frequency.
 */
export const savedSearchSchema = z.object({
  name: optionalText(100, "Name"),
  alert: z.enum(ALERT_FREQUENCIES, { error: "Choose instant, daily or off" }).default("instant"),
  filters: projectListQuerySchema.pick({ search: true, category: true, platform: true, budgetMin: true, budgetMax: true, skills: true }).default({}),
});
export type SavedSearchInput = z.input<typeof savedSearchSchema>;

/** Changing a saved search's alert. */
export const savedSearchAlertSchema = z.object({ alert: z.enum(ALERT_FREQUENCIES, { error: "Choose instant, daily or off" }) });

/** The most personal API tokens one account may hold (docs/product.md, Personal API tokens). */
export const MAX_API_TOKENS = 10;
/** The longest name of a personal API token. */
export const MAX_API_TOKEN_NAME = 60;

/** Creating a personal API token: a name of 1 to 60 characters on one line, to tell tokens apart. */
export const apiTokenSchema = z.object({
  name: plain(requiredText("Token name is required").max(MAX_API_TOKEN_NAME, `Token name must be at most ${MAX_API_TOKEN_NAME} characters`), "Token name"),
});
export type ApiTokenInput = z.input<typeof apiTokenSchema>;

/** The /support contact form (docs/product.md, Support): who you are, a subject and the message. */
export const supportMessageSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  subject: plain(
    requiredText("Subject is required").min(3, "Subject must be at least 3 characters").max(120, "Subject must be at most 120 characters"),
    "Subject",
  ),
  message: plain(
    requiredText("Message is required").min(20, "Message must be at least 20 characters").max(5000, "Message must be at most 5000 characters"),
    "Message",
    true,
  ),
});
export type SupportMessageInput = z.input<typeof supportMessageSchema>;

/** Inviting a developer to one of your open projects (docs/product.md, Journeys "Invite a developer"). */
export const invitationSchema = z.object({
  projectId: z
    .string({ error: "Choose a project" })
    .overwrite(trimText)
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Choose a project"),
});

/**
 * The project wizard's draft (docs/product.md, Journeys "Drafts"): the fields as typed so far, each
 * only bounded in size (a draft need not be valid yet; publishing checks projectSchema), and the
 * wizard step. Attachments are not part of a draft.
 */
/**
 * A draft's text as typed (line breaks kept), refusing control characters as every saved text does:
 * PostgreSQL cannot store NUL even in JSON, so a draft holding one was a 500 (docs/security.md, Bad input).
 */
const draftText = (max: number, label: string) => plain(z.string({ error: `${label} must be text` }).max(max, `${label} is too long`), label, true).optional();
/**
 * A choice of the wizard not made yet (budget range, timeline): kept as "". The wizard's radio group
 * with none checked reads null once it was focused and left (Next on an empty step focuses it), and
 * a draft refusing null stopped saving with "Draft not saved" until a choice was made.
 */
const draftChoice = (label: string) =>
  z
    .union([plain(z.string({ error: `${label} must be text` }).max(40, `${label} is too long`), label, true), z.null().transform(() => "")], {
      error: `${label} must be text`,
    })
    .optional();
export const projectDraftSchema = z.object({
  step: z
    .int({ error: "Unknown step" })
    .min(0, "Unknown step")
    .max(PROJECT_WIZARD_STEPS.length - 1, "Unknown step")
    .default(0),
  values: z
    .object({
      title: draftText(MAX_TITLE, "Title"),
      description: draftText(MAX_DESCRIPTION, "Description"),
      platform: draftText(40, "Platform"),
      features: z
        .array(draftText(MAX_FEATURE, "A feature").default(""), { error: "Features must be a list" })
        .max(MAX_FEATURES, `At most ${MAX_FEATURES} features`)
        .optional(),
      budgetRange: draftChoice("Budget range"),
      timeline: draftChoice("Timeline"),
      skills: z.array(draftText(60, "A skill").default(""), { error: "Skills must be a list" }).max(30, "Too many skills").optional(),
      targetAudience: draftText(MAX_TARGET_AUDIENCE, "Target audience"),
      additionalInfo: draftText(MAX_ADDITIONAL_INFO, "Additional information"),
      category: draftText(60, "Category"),
      deadline: z.union([plain(z.string().max(10, "Deadline must be a date"), "Deadline"), z.null()], { error: "Deadline must be a date" }).optional(),
    })
    .default({}),
});
export type ProjectDraftInput = z.input<typeof projectDraftSchema>;

/** The bank account form (docs/product.md, Payments "Payouts"); the bank code is checked against the provider's list on the server. */
export const bankAccountSchema = z.strictObject({
  bankCode: z.string({ error: "Choose your bank" }).regex(/^[0-9A-Za-z-]{1,20}$/, "Choose your bank"),
  accountNumber: z
    .string({ error: "Enter your account number" })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^[0-9]{6,16}$/, "An account number has 6 to 16 digits")),
  holderName: z
    .string({ error: "Enter the account holder's name" })
    .overwrite(trimText)
    .min(2, "Enter the account holder's name")
    .max(100, "At most 100 characters")
    .refine((v) => !/\p{Cc}/u.test(v), controlCharactersMessage("The account holder's name")),
});
export type BankAccountInput = z.infer<typeof bankAccountSchema>;
