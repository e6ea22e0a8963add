/**
 * Scripts of demo conversations (docs/product.md, Messages and notifications). Each script is one coherent exchange; a conversation
 * uses its first few turns. `c` is the client's turn, `d` the developer's. Templates may hold
 * {client} and {dev} (first names), {title} (the project's title), {city} (the developer's city
 * or "Johannesburg"), {weeks} and {skill}.
 */

export type Turn = readonly ["c" | "d", string];
export type Script = readonly Turn[];

/** About a proposal that is still open: questions, a call, a decision to come. */
export const PROPOSAL_SCRIPTS: readonly Script[] = [
  [
    ["c", 'Hi {dev}, thanks for your proposal on "{title}". Have you integrated PayFast before?'],
    ["d", "Hi {client}, yes - two of my apps take PayFast payments every day, one for a bakery in Soweto. I can show you how the checkout works."],
    ["c", "That would help. Can we do a quick call this week?"],
    ["d", "Thursday at 10:00 works for me. I will send a Google Meet link."],
    ["c", "Perfect, speak then."],
    ["d", "Link sent to your email. Talk on Thursday!"],
  ],
  [
    ["c", 'Hi {dev}, I like your proposal for "{title}". Is the price fixed, or could we split it into milestones?'],
    ["d", "Hi {client}, milestones are no problem: 30% to start, 40% when you approve the beta and 30% at launch."],
    ["c", "Good. Could the first version be ready in {weeks} weeks if we leave the reports for later?"],
    ["d", "Yes, {weeks} weeks is realistic if the reports move to phase two."],
    ["c", "Thanks {dev}. I am comparing a few proposals and will decide early next week."],
    ["d", "No stress. Happy to answer any questions in the meantime."],
  ],
  [
    ["d", 'Hi {client}, I sent a proposal for "{title}" and wanted to ask: will your staff use their own phones?'],
    ["c", "Hi {dev}, yes, mostly entry-level Android phones on prepaid data."],
    ["d", "Then I would keep the app small and make it work offline during load-shedding, syncing as soon as the signal is back."],
    ["d", "I can also send you a short demo of a similar app I built for a client in {city}."],
    ["c", "Please do, that would help a lot."],
    ["d", "It is the second item in the portfolio on my profile. The login and the offline mode are the parts to look at."],
    ["c", "Impressive. Let me discuss it with my partner and come back to you by Friday."],
  ],
  [
    ["c", 'Sawubona {dev}! Thanks for quoting on "{title}". How would you handle POPIA for our customers\' details?'],
    ["d", "Sawubona {client}! Consent at sign-up, encrypted storage and a way for customers to delete their data. I did the same for a clinic booking app."],
    ["c", "Great answer. Which of your past projects is closest to ours?"],
    ["d", "A stokvel savings app for a group in Tembisa: member logins, payments and monthly statements."],
    ["c", "Sounds close. What would you need from us to get started if we go ahead?"],
    ["d", "Your logo, the product list as a spreadsheet and access to your PayFast merchant account. That is it for week one."],
  ],
];

/** About a project the developer was hired for: kick-off, progress, test builds, invoices. */
export const HIRED_SCRIPTS: readonly Script[] = [
  [
    ["c", 'Hi {dev}, welcome aboard! When can we have the kick-off call for "{title}"?'],
    ["d", "Thanks {client}! Monday at 09:00 suits me. I will send an agenda beforehand."],
    ["c", "Monday works. I have shared the brand guide and logo on Google Drive."],
    ["d", "Got them, thanks. The first clickable wireframes will be ready by Friday."],
    ["d", "Wireframes are up - I have emailed you the link. Let me know what you think."],
    ["c", "Looks great! Can the checkout button be bigger on small phones?"],
    ["d", "Done: it is full width on phones now. A new test build is on its way."],
    ["c", "Installed it on my Samsung. Works nicely, even on my slow connection."],
  ],
  [
    ["d", 'Hi {client}, quick update on "{title}": the login and profile screens are done and I start on payments this week.'],
    ["c", "Lekker, thanks for the update! Will customers be able to pay with SnapScan too?"],
    ["d", "Yes, PayFast covers cards, Instant EFT and SnapScan in one checkout."],
    ["c", "Perfect. Our bookkeeper asked for a monthly report of the payments as well."],
    ["d", "No problem, I will add a CSV export to the admin page."],
    ["d", "Milestone 2 is done. I have sent the invoice, payable by EFT as agreed."],
    ["c", "Paid this morning. Thanks for keeping us in the loop every week."],
  ],
  [
    ["c", "Morning {dev}, we had load-shedding all weekend - did it hold up the build?"],
    ["d", "Morning! No stress, my inverter kept me going. The offline mode got a proper test too."],
    ["c", "Ha, good to hear. Can you show us the latest version on Wednesday?"],
    ["d", "Wednesday at 14:00 works. I will bring the test build on a budget Android phone as well."],
    ["c", "Great, my sister will join - she will run the shop day to day."],
    ["d", "See you both then. I will leave time for her questions at the end."],
  ],
];

/** Without a project: a client asking a developer about work, or a developer keeping in touch. */
export const DIRECT_SCRIPTS: readonly Script[] = [
  [
    ["c", "Hi {dev}, I saw your profile and your portfolio looks great. Are you available for a small {skill} job next month?"],
    ["d", "Hi {client}, thanks for reaching out! Yes, I have space from the 15th. What do you have in mind?"],
    ["c", "We run a tuck shop near a school in {city} and want learners to pre-order lunch on their phones."],
    ["d", "Nice idea. A simple web app could work, so nobody needs to install anything. Would parents pay online?"],
    ["c", "Yes, with SnapScan or card. Our budget is about R20 000."],
    ["d", "That is doable for a first version. Post it as a project on BuildZA and I will send you a proper proposal."],
  ],
  [
    ["c", "Good day {dev}. Do you maintain existing apps? Our Android app was built by a developer who has since emigrated."],
    ["d", "Good day {client}. Yes, I take over existing apps regularly. What is it built with?"],
    ["c", "Flutter, with Firebase behind it."],
    ["d", "That is my main stack. I would start with a short code review so we know where things stand."],
    ["c", "Sounds sensible. What would the review cost?"],
    ["d", "A fixed R3 500, and you get a written report either way."],
  ],
  [
    ["d", "Hi {client}, I hope business is good. I noticed your website does not work well on phones yet - I would be glad to help with that."],
    ["c", "Hi {dev}, funny you say that, customers keep complaining about it. What would it take?"],
    ["d", "Usually two to three weeks for a site your size, including a WhatsApp order button."],
    ["c", "Interesting. Let me get back to you after month-end when the cash flow is clearer."],
    ["d", "Of course. Enjoy the rest of your week!"],
  ],
];

/** Skills a client may ask about in a direct conversation. */
export const DIRECT_SKILLS: readonly string[] = ["Flutter", "React Native", "React", "Laravel", "Node.js"];
