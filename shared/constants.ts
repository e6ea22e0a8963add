/**
 * Business constants from docs/product.md, Constants. Isomorphic: imported by the
 * React app and the server alike. Changing a value here changes the product.
 */

/** Page size of every list (docs/product.md, Constants: 12 everywhere). */
export const PAGE_SIZE = 12;
/** Skeleton placeholders shown while a list loads (docs/product.md, Constants). */
export const SKELETON_COUNT = 6;
/** Projects shown on the client dashboard (docs/product.md, Constants). */
export const DASHBOARD_PROJECT_LIMIT = 3;
/** Skills shown on a project card before "+N more" (docs/product.md, Constants). */
export const PROJECT_CARD_SKILLS = 5;
/** Similar projects on the detail page (docs/product.md). */
export const SIMILAR_PROJECTS_LIMIT = 4;
/**
 * List totals are exact up to this many and shown as "1,000+" above it (docs/product.md "Lists and
 * search", docs/decisions/0023-capped-list-totals.md).
 */
export const LIST_TOTAL_CAP = 1000;
/**
 * Similar Projects are ranked among at most this many candidates: half the newest active projects
 * of the same category, half the newest sharing a skill among the SIMILAR_PROJECTS_WINDOW newest
 * active projects (docs/product.md "Similar Projects").
 */
export const SIMILAR_PROJECTS_CANDIDATES = 200;
/** How many of the newest active projects are looked through for ones sharing a skill. */
export const SIMILAR_PROJECTS_WINDOW = 5000;

/** Minimum lengths (docs/product.md, Constants). */
export const MIN_TITLE = 5;
export const MIN_DESCRIPTION = 50;
export const MIN_NAME = 2;
export const MIN_PASSWORD = 6;

/** Upper bounds we enforce so a huge string is refused with a message (docs/product.md, Constants). */
/**
 * A long text box's maxLength: its limit plus this many characters, so a paste over the limit is
 * kept and shown with the field's "at most N characters" message instead of being cut silently
 * (docs/product.md, Messages and errors).
 */
export const PASTE_ROOM = 100;

/**
 * How far ahead a project's deadline or a milestone's due date may be, in years (docs/product.md,
 * Projects): a year typed wrong ("2062" for "2026") is refused instead of saved.
 */
export const MAX_YEARS_AHEAD = 3;
export const MAX_TITLE = 120;
export const MAX_DESCRIPTION = 5000;
export const MAX_FEATURE = 200;
export const MAX_FEATURES = 20;
/** Most milestones a proposal may plan (its form's Add milestone stops there). */
export const MAX_PROPOSAL_MILESTONES = 10;
export const MAX_SKILL = 40;
export const MAX_SKILLS = 20;
export const MAX_TARGET_AUDIENCE = 500;
export const MAX_ADDITIONAL_INFO = 2000;
export const MAX_NAME = 100;
export const MAX_EMAIL = 254;
export const MAX_PASSWORD = 128;
export const MAX_SEARCH = 200;

export const USER_TYPES = ["client", "developer"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const PLATFORMS = ["mobile", "web", "both"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  mobile: "Mobile App",
  web: "Web Application",
  both: "Mobile & Web",
};
export const PLATFORM_DESCRIPTIONS: Record<Platform, string> = {
  mobile: "iOS and/or Android app",
  web: "Website or web application",
  both: "Mobile app and web platform",
};

/**
 * Budget range codes (docs/product.md, Constants). min/max in whole rand; max null means no upper bound.
 * docs/product.md: the server derives budgetMin and budgetMax from the code.
 */
export const BUDGET_RANGES = [
  { code: "R5000-R15000", min: 5000, max: 15000, description: "Basic app with core features" },
  { code: "R15000-R35000", min: 15000, max: 35000, description: "Standard app with advanced features" },
  { code: "R35000-R75000", min: 35000, max: 75000, description: "Complex app with custom features" },
  { code: "R75000+", min: 75000, max: null, description: "Enterprise-level" },
] as const;
export type BudgetRangeCode = (typeof BUDGET_RANGES)[number]["code"];
export const BUDGET_RANGE_CODES = BUDGET_RANGES.map((b) => b.code) as unknown as readonly [BudgetRangeCode, ...BudgetRangeCode[]];

/**
 * Budget filter choices on /projects (docs/product.md, Messages and errors): a single choice that sets the
 * budgetMin / budgetMax query parameters (whole rand).
 */
export const BUDGET_FILTERS = [
  { label: "Under R15 000", budgetMin: undefined, budgetMax: 15000 },
  { label: "R15 000 - R35 000", budgetMin: 15000, budgetMax: 35000 },
  { label: "R35 000 - R75 000", budgetMin: 35000, budgetMax: 75000 },
  { label: "R75 000+", budgetMin: 75000, budgetMax: undefined },
] as const;

/** Timeline codes (docs/product.md, Constants). */
export const TIMELINES = [
  { code: "1-2", label: "1-2 weeks", description: "Urgent" },
  { code: "2-4", label: "2-4 weeks", description: "Fast turnaround" },
  { code: "4-8", label: "1-2 months", description: "Standard" },
  { code: "8+", label: "2+ months", description: "Complex" },
] as const;
export type TimelineCode = (typeof TIMELINES)[number]["code"];
export const TIMELINE_CODES = TIMELINES.map((t) => t.code) as unknown as readonly [TimelineCode, ...TimelineCode[]];

/** One category list for form, filter and data (docs/product.md). */
export const CATEGORIES = [
  "E-commerce",
  "Social",
  "Business",
  "Education",
  "Healthcare",
  "Finance",
  "Food & Drink",
  "Travel",
  "Entertainment",
  "Other",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Home page category tiles and where they lead (docs/product.md); each shows the count of the list it opens. */
export const HOME_CATEGORY_TILES = [
  { label: "Mobile Apps", href: "/projects?platform=mobile" },
  { label: "Web Platforms", href: "/projects?platform=web" },
  { label: "E-commerce", href: "/projects?category=E-commerce" },
  { label: "Education Tech", href: "/projects?category=Education" },
] as const;

/** Skill suggestions on the project form (docs/product.md, Constants). */
export const PROJECT_SKILL_SUGGESTIONS = [
  "React Native",
  "Flutter",
  "iOS",
  "Android",
  "React",
  "Vue.js",
  "Angular",
  "Node.js",
  "Laravel",
  "Python",
  "Firebase",
  "MongoDB",
  "UI/UX Design",
  "API Integration",
  "Payment Systems",
  "Push Notifications",
] as const;
/** Project skill filter: the first twelve suggestions (docs/product.md, Constants). */
export const PROJECT_SKILL_FILTERS = PROJECT_SKILL_SUGGESTIONS.slice(0, 12);
/** Developer skill filter: project filter plus four (docs/product.md, Constants). */
export const DEVELOPER_SKILL_FILTERS = [...PROJECT_SKILL_FILTERS, "UI/UX Design", "DevOps", "Machine Learning", "Blockchain"] as const;

/** Every skill a form suggests or a filter offers, each once (docs/product.md, Constants). */
export const KNOWN_SKILLS: readonly string[] = [...new Set<string>([...PROJECT_SKILL_SUGGESTIONS, ...DEVELOPER_SKILL_FILTERS])];
const KNOWN_SKILL_BY_LOWER = new Map(KNOWN_SKILLS.map((s) => [s.toLowerCase(), s]));

/**
 * `skill` in the spelling of the known skill it names without case ("flutter" -> "Flutter",
 * "ui/ux design" -> "UI/UX Design"), else as it is: a skill is saved and filtered in one spelling,
 * so the filters' exact match finds what was typed in another case (docs/product.md, Constants).
 */
export function canonicalSkill(skill: string): string {
  return KNOWN_SKILL_BY_LOWER.get(skill.toLowerCase()) ?? skill;
}

/** South African cities (docs/product.md, Constants). */
export const LOCATIONS = [
  "Cape Town",
  "Johannesburg",
  "Durban",
  "Pretoria",
  "Port Elizabeth",
  "Bloemfontein",
  "East London",
  "Nelspruit",
  "Polokwane",
  "Kimberley",
] as const;

/** The project location (docs/product.md, Projects). */
export const PROJECT_LOCATION = "South Africa";

export const MIN_RATINGS = [4.5, 4.0, 3.5, 3.0] as const;

/** Project sorts (docs/product.md, Constants). */
export const PROJECT_SORTS = ["newest", "budget_high", "most_proposals"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const PROJECT_SORT_LABELS: Record<ProjectSort, string> = {
  newest: "Newest first",
  budget_high: "Highest budget",
  most_proposals: "Most proposals",
};

/** Project status values; docs/product.md, Lifecycles colours: active green, closed grey, others amber. */
export const PROJECT_STATUSES = ["active", "in_progress", "completed", "closed"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Days after completion in which the client and the hired developer may review each other (docs/product.md). */
export const REVIEW_WINDOW_DAYS = 30;
/**
 * Blind reviews (docs/product.md, Trust and safety): a review stays hidden from the other side
 * until both have reviewed or this many days have passed since the project was completed.
 */
export const BLIND_REVIEW_DAYS = 14;

/** Days after completion when a side that has not reviewed yet is reminded, once (docs/product.md, Reviews). */
export const REVIEW_REMINDER_DAYS = 7;

/** Toast durations in ms (docs/product.md, Constants). */
export const TOAST_MS = 4000;
export const TOAST_SUCCESS_MS = 3000;

/** Session lifetimes in seconds (docs/product.md: remember-me 30 days, otherwise 1 day server-side). */
export const SESSION_REMEMBER_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_SHORT_SECONDS = 60 * 60 * 24;
/** Password reset link lifetime in seconds (docs/product.md: 1 hour). */
export const RESET_LINK_SECONDS = 60 * 60;
/** An email verification link is valid this long (docs/product.md, Trust and safety). */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;
/**
 * What an account whose email is not verified may do per 24 hours (docs/product.md, Trust and
 * safety): post projects, send proposals, start conversations. Verifying lifts the limits.
 */
export const UNVERIFIED_DAILY_LIMITS = { projects: 3, proposals: 10, conversations: 10 } as const;
/** Verification emails: at most this many an hour per account, and one a minute. */
export const VERIFY_EMAILS_PER_HOUR = 3;
/** Email-address changes an account may ask for in an hour (at most one a minute; docs/product.md, Accounts). */
export const EMAIL_CHANGES_PER_HOUR = 3;

export const PRODUCT_NAME = "BuildZA";
export const PRODUCT_TAGLINE = "Hire app developers in South Africa";
export const CONTACT_EMAIL = "hello@buildza.co.za";

/** Developer availability (docs/product.md, Lifecycles) and its badge and profile labels. */
export const AVAILABILITIES = ["available", "busy", "unavailable"] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const AVAILABILITY_BADGES: Record<Availability, string> = { available: "Available", busy: "Busy", unavailable: "Unavailable" };
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  available: "Available for work",
  busy: "Limited availability",
  unavailable: "Not available",
};

/** Developer sorts, all descending (docs/product.md, Constants). */
export const DEVELOPER_SORTS = ["rating", "reviewCount", "completedProjects", "hourlyRate"] as const;
export type DeveloperSort = (typeof DEVELOPER_SORTS)[number];
export const DEVELOPER_SORT_LABELS: Record<DeveloperSort, string> = {
  rating: "Highest rated",
  reviewCount: "Most reviews",
  completedProjects: "Most projects completed",
  hourlyRate: "Highest hourly rate",
};

/** Developer card limits and defaults (docs/product.md, Screens). */
export const DEVELOPER_CARD_SKILLS = 6;
export const DEVELOPER_CARD_RECENT = 2;
export const TOP_DEVELOPERS_LIMIT = 6;
export const TOP_DEVELOPER_MIN_RATING = 4.0;
export const TOP_DEVELOPER_MIN_REVIEWS = 5;
export const DEFAULT_DEVELOPER_TITLE = "Full-Stack Developer";
export const DEFAULT_RESPONSE_TIME = "< 24h";
export const DEFAULT_BIO = "This developer hasn't added a bio yet.";
export const DEFAULT_SUCCESS_RATE = 100;
export const RESPONSE_TIMES = ["< 1h", "< 4h", "< 12h", "< 24h", "1-2 days"] as const;

export const MAX_BIO = 2000;
export const MAX_LIST_ITEMS = 20;

/** Messages (docs/product.md, Messages and notifications). */
export const MAX_MESSAGE = 5000;
/** Messages one user may send per minute (docs/product.md, Messages and notifications: "for example 30 messages a minute"). */
export const MESSAGES_PER_MINUTE = 30;
/** Messages per page of a thread (newest page first, older pages by cursor). */
export const MESSAGE_PAGE_SIZE = 30;
/** Conversations per page of the inbox; notifications per page. */
export const INBOX_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE = 20;
/** An unread message is emailed after this long (ms), at most once per conversation per hour (docs/product.md, Messages and notifications). */
export const UNREAD_EMAIL_DELAY_MS = 10 * 60_000;
export const UNREAD_EMAIL_INTERVAL_MS = 60 * 60_000;

/** Email types a user can switch off in Settings (docs/product.md, Messages and notifications); security emails (password reset) are always sent. */
export const EMAIL_TYPES = ["newMessage", "proposalReceived", "proposalAccepted", "jobAlerts", "reviewRequests"] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** How often a saved search's job alert runs (docs/product.md, Journeys "Saved searches"). */
export const ALERT_FREQUENCIES = ["instant", "daily", "off"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = { instant: "Instant", daily: "Daily digest", off: "Off" };
/** Saved searches one developer may keep. */
export const MAX_SAVED_SEARCHES = 20;

/**
 * Reasons to report a project (the report dialog and projectReportSchema). Here rather than in
 * schemas.ts so the project page does not download zod for a list of words (docs/performance.md).
 */
export const REPORT_REASONS = ["Spam or scam", "Offensive content", "Not a software project", "Other"] as const;

/** Files (docs/product.md, Files): the largest upload in bytes (10 MB) and what one user may store in all (500 MB). */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_QUOTA_BYTES = 500 * 1024 * 1024;
/** How many files each kind of target takes (docs/product.md, Files). */
export const MAX_PROJECT_FILES = 10;
export const MAX_PROPOSAL_FILES = 5;
export const MAX_MESSAGE_FILES = 5;
/** Files a developer attaches to one milestone submission (docs/product.md, Payments "Deliveries"). */
export const MAX_DELIVERY_FILES = 5;
export const MAX_PORTFOLIO_IMAGES = 5;
/** The WebP widths an uploaded image is re-encoded to (pixels), for srcset. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The square WebP sizes of a profile photo (pixels): 64 for lists, 128 for cards, 256 for the profile. */
export const AVATAR_SIZES = [64, 128, 256] as const;
/** The message of a profile photo upload that is not an image (docs/product.md, Files). */
export const PHOTO_TYPE_MESSAGE = "Choose an image (JPEG, PNG, WebP or HEIC)";
/** What a message its sender deleted shows to both participants (docs/product.md, Messages). */
export const DELETED_MESSAGE_TEXT = "This message was deleted.";
/** The file-size message (docs/product.md, Files). */
export const FILE_TOO_LARGE_MESSAGE = "Files can be at most 10 MB";
export const FILE_QUOTA_MESSAGE = "You have used your 500 MB of file storage. Delete some files to upload more.";
export const FILE_TYPE_MESSAGE = "This type of file is not allowed. Upload an image (JPEG, PNG, WebP, HEIC), a PDF, a text file, an Office document or a ZIP.";

/** Invitations one client may send in an hour (docs/product.md, Journeys "Invite a developer"). */
export const INVITATIONS_PER_HOUR = 20;

/** How long the project wizard waits after the last keystroke before saving the draft (ms; docs/product.md, Journeys "Drafts"). */
export const DRAFT_SAVE_DELAY_MS = 1500;
