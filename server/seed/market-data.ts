/**
 * Catalogues for demo proposals and client reviews. Templates may hold {client} (the client's
 * first name), {title} (the project title), {skills} (a few of the project's skills), {years},
 * {count}, {city} (the developer's city or "Gauteng"), {weeks} and {dev} (the developer's first name).
 */

export const COVER_OPENINGS: readonly string[] = [
  'Hi {client}, I read your brief for "{title}" and it is exactly the kind of project I enjoy building.',
  'Good day {client}. Thank you for posting "{title}" - I would love to help you get it live.',
  'Sawubona {client}! Your project "{title}" caught my eye straight away.',
  'Hi {client}, I have gone through your requirements for "{title}" carefully and I am confident I can deliver.',
  'Hello {client}, thanks for the detailed brief on "{title}". It is clear you know your customers well.',
  'Molo {client}, I would like to quote on "{title}".',
];

export const COVER_EXPERIENCE: readonly string[] = [
  "Over the past {years} years I have shipped apps with {skills} for small businesses, NGOs and start-ups across South Africa.",
  "I have built {count} similar projects with {skills}, most of them for clients in Gauteng and the Western Cape.",
  "My recent work includes a stokvel savings app and a spaza shop ordering system, both built with {skills}.",
  "I work mainly with {skills}, and I have delivered {count} projects through BuildZA and referrals.",
  "I have {years} years of experience with {skills}, including two apps that handle PayFast and Yoco payments every day.",
];

export const COVER_APPROACH: readonly string[] = [
  "I would start with a short discovery call and clickable wireframes, then build in two-week sprints with a demo every Friday.",
  "Everything will keep working offline during load-shedding and sync as soon as the signal is back.",
  "I keep apps light on data, because most of your users will be on prepaid bundles and entry-level Android phones.",
  "POPIA consent, data deletion and secure storage of personal information will be built in from day one.",
  "Payments would go through PayFast or Yoco, with proper reconciliation reports for your bookkeeper.",
  "You will get a WhatsApp update every week and a test build you can install on your own phone.",
  "I would launch a first version in about {weeks} weeks and add the nice-to-haves once real customers are using it.",
];

export const COVER_CLOSINGS: readonly string[] = [
  "I am based in {city} and happy to meet in person or on Google Meet, whichever suits you.",
  "I am happy to share references from previous clients.",
  "Looking forward to hearing from you. Sharp!",
  "Let me know if you would like to chat through the details before deciding.",
  "The quote includes a month of free support after launch.",
];

/** Titles of milestones, in the order a project runs through them. */
export const MILESTONE_TITLES: readonly string[] = [
  "Discovery and wireframes",
  "UI design sign-off",
  "Core features build",
  "Payments and integrations",
  "Testing on real devices",
  "Launch and store submission",
  "Handover and staff training",
];

/** Why a client declined a proposal on a project that is still open ("" gives no reason). */
export const DECLINE_REASONS: readonly string[] = [
  "",
  "",
  "We went with a quote closer to our budget.",
  "Thanks, but we need someone who can start sooner.",
  "We are looking for someone based closer to us.",
  "The timeline is too long for our launch date.",
  "We need more experience with payments.",
];

/** Fixed decline reasons the app itself writes (server/proposals/service.ts). */
export const ACCEPTED_OTHER_REASON = "Another proposal was accepted";
export const CLOSED_REASON = "The client closed the project";

/** A developer's review of a client, by rating. */
export const CLIENT_REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "A clear brief, quick feedback and every milestone paid on time. Would work with {client} again.",
    "{client} knew exactly what they wanted and made decisions fast. A pleasure.",
    "Great client: organised, friendly and always available on WhatsApp.",
    "Paid promptly and tested every build thoroughly. Highly recommended.",
  ],
  4: [
    "Good client overall; a few late changes to the scope, but always fair about it.",
    "Friendly and paid on time. Feedback sometimes took a few days.",
    "A solid project. {client} was responsive and easy to work with.",
  ],
  3: ["The brief changed a few times along the way, but we got there.", "Payments were a bit late, though the project itself went fine."],
  2: ["Scope kept growing without the budget following. Communication was difficult."],
  1: ["Very hard to reach and the final payment took months."],
};
