/**
 * Catalogues for demo developer profiles and reviews: roles (title, skills, what they build),
 * bio sentences, fictional South African companies, certifications and review comments.
 * Templates may hold {city}, {area}, {province}, {lang} (see data.ts), {noun} (the role as a
 * lowercase noun phrase), {years} ("1 year", "7 years"), {builds}, {skills} (a list of the developer's skills),
 * {skill} (one of them) and {dev} (the developer's first name).
 */
import type { Platform } from "../../shared/constants";

/** A kind of developer. Skills come from DEVELOPER_SKILL_FILTERS and PROJECT_SKILL_SUGGESTIONS only. */
export interface DeveloperRole {
  key: string;
  weight: number;
  titles: readonly string[];
  /** The role inside a sentence, after "a"/"an": "Flutter developer". */
  noun: string;
  /** Skills every developer of this role lists. */
  core: readonly string[];
  /** Skills some of them add. */
  pool: readonly string[];
  /** Project platforms this role works on (portfolio and reviewed projects). */
  platforms: readonly Platform[];
  /** What they build, after "building": "cross-platform apps for retailers and NGOs". */
  builds: readonly string[];
  /** Review sentences that only fit this role. */
  praise: readonly string[];
  /** How a portfolio brief names the app, instead of the generic PLATFORM_PHRASES. */
  appPhrase?: string;
  /** Hourly rate factor: designers and front-end a little lower, DevOps and ML higher. */
  rateFactor: number;
}

export const DEVELOPER_ROLES: readonly DeveloperRole[] = [
  {
    key: "flutter",
    weight: 12,
    titles: ["Flutter Developer", "Flutter & Firebase Developer", "Mobile Developer (Flutter)", "Cross-Platform Mobile Developer"],
    noun: "Flutter developer",
    core: ["Flutter"],
    pool: ["Firebase", "Android", "iOS", "Push Notifications", "API Integration", "Payment Systems", "UI/UX Design", "Node.js", "Laravel"],
    platforms: ["mobile", "both"],
    builds: [
      "cross-platform mobile apps for retailers, NGOs and start-ups",
      "Android and iOS apps from a single Flutter codebase",
      "offline-first mobile apps for field teams and small businesses",
    ],
    praise: [
      "The Flutter app feels fast even on our drivers' older Android phones.",
      "One codebase for Android and iOS saved us a lot of money, and both versions look great.",
    ],
    rateFactor: 1,
  },
  {
    key: "react-native",
    weight: 12,
    titles: ["React Native Developer", "Mobile App Developer (React Native)", "React Native & Node.js Developer"],
    noun: "React Native developer",
    core: ["React Native"],
    pool: ["React", "Node.js", "Firebase", "Push Notifications", "API Integration", "Payment Systems", "iOS", "Android", "MongoDB"],
    platforms: ["mobile", "both"],
    builds: [
      "React Native apps for fintech, retail and logistics clients",
      "mobile apps that share code with their React web dashboards",
      "consumer apps with in-app payments and push notifications",
    ],
    praise: ["The React Native app passed Apple and Google review on the first try.", "Push notifications and the loyalty points flow work perfectly."],
    rateFactor: 1.05,
  },
  {
    key: "fullstack-js",
    weight: 14,
    titles: ["Full-Stack JavaScript Engineer", "Full-Stack Developer (React & Node.js)", "Senior Full-Stack Developer", "JavaScript Developer"],
    noun: "full-stack JavaScript engineer",
    core: ["React", "Node.js"],
    pool: ["MongoDB", "API Integration", "Payment Systems", "DevOps", "Vue.js", "Firebase", "React Native", "UI/UX Design"],
    platforms: ["web", "both"],
    builds: [
      "web platforms and admin dashboards for start-ups and SMEs",
      "booking, ordering and payment platforms end to end",
      "SaaS products with React front ends and Node.js APIs",
    ],
    praise: [
      "The admin dashboard saves our office staff hours every week.",
      "The Node.js API was documented properly, so our other supplier could integrate in a day.",
    ],
    rateFactor: 1.1,
  },
  {
    key: "android",
    weight: 8,
    titles: ["Android Developer", "Native Android Developer", "Senior Android Engineer"],
    noun: "Android developer",
    core: ["Android"],
    pool: ["Firebase", "Push Notifications", "API Integration", "Payment Systems", "iOS", "Flutter", "UI/UX Design"],
    platforms: ["mobile"],
    builds: [
      "native Android apps that run well on entry-level phones",
      "data-light Android apps for township businesses and field workers",
      "Android apps for delivery, field-service and sales teams",
    ],
    praise: ["The Android app uses very little data, which matters for our prepaid customers.", "It works well on the cheapest phones our agents use."],
    rateFactor: 1,
  },
  {
    key: "ios",
    weight: 5,
    titles: ["iOS Developer", "iOS & Android Developer", "Native Mobile Developer"],
    noun: "iOS developer",
    core: ["iOS"],
    pool: ["Android", "Firebase", "Push Notifications", "API Integration", "Payment Systems", "UI/UX Design"],
    platforms: ["mobile"],
    builds: [
      "polished native iOS apps for retail and healthcare brands",
      "native iPhone and Android apps with a strong focus on design",
      "iOS apps with Apple Pay, card payments and push notifications",
    ],
    praise: ["The iPhone app is beautifully polished and our customers notice.", "App Store approval went through without a single rejection."],
    appPhrase: "a native app for iPhone and Android",
    rateFactor: 1.1,
  },
  {
    key: "laravel",
    weight: 9,
    titles: ["Laravel Developer", "PHP & Laravel Developer", "Full-Stack Developer (Laravel & Vue.js)"],
    noun: "Laravel developer",
    core: ["Laravel"],
    pool: ["Vue.js", "Payment Systems", "API Integration", "DevOps", "React", "MongoDB", "UI/UX Design"],
    platforms: ["web", "both"],
    builds: [
      "Laravel web apps, client portals and e-commerce sites",
      "back-office systems for schools, clinics and property managers",
      "online stores and booking systems for small businesses",
    ],
    praise: ["The Laravel back office replaced three spreadsheets and it just works.", "Our online store went live with PayFast and Ozow in under a month."],
    rateFactor: 0.9,
  },
  {
    key: "vue",
    weight: 5,
    titles: ["Front-end Developer (Vue.js)", "Vue.js Developer", "Front-end Engineer"],
    noun: "front-end developer",
    core: ["Vue.js"],
    pool: ["React", "Laravel", "Node.js", "UI/UX Design", "API Integration", "Firebase"],
    platforms: ["web"],
    builds: ["fast, accessible web front ends", "responsive web apps that work well on small screens and slow connections", "customer portals and dashboards"],
    praise: ["The new website loads quickly even on a weak 3G signal.", "The front end is clean, accessible and works on every phone we tested."],
    rateFactor: 0.9,
  },
  {
    key: "angular",
    weight: 4,
    titles: ["Angular Developer", "Full-Stack Developer (Angular & Node.js)", "Senior Front-end Developer (Angular)"],
    noun: "Angular developer",
    core: ["Angular"],
    pool: ["Node.js", "API Integration", "MongoDB", "UI/UX Design", "DevOps", "Python"],
    platforms: ["web", "both"],
    builds: [
      "enterprise web applications for banks, insurers and government contractors",
      "internal dashboards and reporting tools",
      "large Angular front ends for corporate clients",
    ],
    praise: ["The Angular portal handles thousands of our policyholders without a hiccup.", "Reporting screens are exactly what our managers asked for."],
    rateFactor: 1.1,
  },
  {
    key: "python",
    weight: 7,
    titles: ["Python Developer", "Back-end Developer (Python)", "Python & Django Developer"],
    noun: "Python developer",
    core: ["Python"],
    pool: ["API Integration", "MongoDB", "DevOps", "React", "Machine Learning", "Payment Systems", "Firebase"],
    platforms: ["web", "both"],
    builds: [
      "back ends, APIs and data pipelines",
      "Django web apps and integrations with accounting and payment systems",
      "reporting and automation tools for SMEs",
    ],
    praise: ["The Python integration with our Sage and Xero accounts saves our bookkeeper two days a month.", "The API is rock solid and well documented."],
    rateFactor: 1.05,
  },
  {
    key: "design",
    weight: 7,
    titles: ["UI/UX Designer & Front-end Developer", "Product Designer", "UI/UX Designer"],
    noun: "product designer and front-end developer",
    core: ["UI/UX Design"],
    pool: ["React", "Vue.js", "Flutter", "Angular", "React Native", "Firebase"],
    platforms: ["web", "mobile", "both"],
    builds: [
      "user research, Figma prototypes and pixel-perfect front ends",
      "simple, multilingual interfaces for first-time smartphone users",
      "design systems and front ends for start-ups",
    ],
    praise: [
      "The Figma prototypes made it easy to get buy-in from our board before a line of code was written.",
      "Our older customers find the new design much easier to use.",
    ],
    rateFactor: 0.85,
  },
  {
    key: "devops",
    weight: 5,
    titles: ["DevOps Engineer", "Cloud & DevOps Engineer", "Site Reliability Engineer"],
    noun: "DevOps engineer",
    core: ["DevOps"],
    pool: ["Node.js", "Python", "MongoDB", "API Integration", "Firebase", "Laravel"],
    platforms: ["web", "both"],
    builds: [
      "CI/CD pipelines, cloud hosting and monitoring",
      "reliable infrastructure in the AWS Cape Town and Azure Johannesburg regions",
      "automated deployments and backups for growing start-ups",
    ],
    praise: [
      "Our hosting bill dropped by 40% after the move to the AWS Cape Town region.",
      "Deployments went from a nervous Friday-night job to a single click.",
    ],
    rateFactor: 1.25,
  },
  {
    key: "ml",
    weight: 4,
    titles: ["Machine Learning Engineer", "Data Scientist & ML Engineer", "AI Developer"],
    noun: "machine learning engineer",
    core: ["Machine Learning", "Python"],
    pool: ["API Integration", "DevOps", "MongoDB", "React", "Firebase"],
    platforms: ["web", "both"],
    builds: [
      "recommendation, forecasting and fraud-detection models",
      "machine learning features inside web and mobile products",
      "chatbots and document processing for South African languages",
    ],
    praise: ["The demand forecast is far more accurate than our old spreadsheet.", "The fraud model caught suspicious orders in the first week."],
    rateFactor: 1.3,
  },
  {
    key: "blockchain",
    weight: 2,
    titles: ["Blockchain Developer", "Web3 & Full-Stack Developer", "Smart Contract Developer"],
    noun: "blockchain developer",
    core: ["Blockchain"],
    pool: ["Node.js", "React", "Payment Systems", "API Integration", "Python", "MongoDB"],
    platforms: ["web", "both"],
    builds: ["smart contracts, wallets and payment rails", "supply-chain traceability and stokvel savings platforms", "crypto payment and remittance tools"],
    praise: ["The stokvel contributions are now fully transparent to every member.", "The traceability system impressed our export buyers."],
    rateFactor: 1.2,
  },
  {
    key: "payments",
    weight: 4,
    titles: ["Payments & API Integration Specialist", "Fintech Developer", "Integration Developer"],
    noun: "payments and integration developer",
    core: ["Payment Systems", "API Integration"],
    pool: ["Node.js", "Laravel", "Python", "React", "Flutter", "Firebase"],
    platforms: ["web", "both", "mobile"],
    builds: [
      "PayFast, Yoco, Ozow and SnapScan integrations",
      "payment, payout and reconciliation flows for marketplaces",
      "integrations between shops, couriers and accounting systems",
    ],
    praise: [
      "Ozow and card payments reconcile automatically now, no more manual matching.",
      "The courier integration means tracking numbers go out on WhatsApp without anyone lifting a finger.",
    ],
    rateFactor: 1.1,
  },
  {
    key: "mobile-web",
    weight: 6,
    titles: ["Mobile & Web Developer", "App Developer", "Full-Stack Mobile Developer"],
    noun: "mobile and web developer",
    core: ["React Native", "React"],
    pool: ["Node.js", "Firebase", "Flutter", "Laravel", "API Integration", "Push Notifications", "Payment Systems", "MongoDB"],
    platforms: ["both", "mobile", "web"],
    builds: [
      "an app plus a web dashboard for the same business",
      "end-to-end products, from the mobile app to the admin site",
      "MVPs for start-ups that need to launch quickly",
    ],
    praise: ["We got the app and the admin website from one person, and they work together perfectly.", "Our MVP was in customers' hands in eight weeks."],
    rateFactor: 1,
  },
];

/**
 * Roles (and skills beyond the role's core) of the first developers after the demo one, so that
 * with the demo developer's skills ten developers show every developer skill filter.
 */
export const COVER_ROLES: ReadonlyArray<{ role: string; extra: readonly string[] }> = [
  { role: "android", extra: [] },
  { role: "ios", extra: [] },
  { role: "laravel", extra: ["Vue.js"] },
  { role: "angular", extra: [] },
  { role: "ml", extra: [] },
  { role: "devops", extra: [] },
  { role: "blockchain", extra: [] },
  { role: "design", extra: [] },
  { role: "fullstack-js", extra: ["MongoDB"] },
];

/** Bio openings. */
export const BIO_INTROS: readonly string[] = [
  "I'm {aNoun} based in {area}, {city}, with {years} of experience building {builds}.",
  "{ANoun} from {city} with {years} of experience building {builds}.",
  "{greeting}! I'm {aNoun} in {city} and for the past {years} I've been building {builds}.",
  "Based in {area}, {city}, I'm {aNoun} with {years} of experience building {builds}.",
  "I've spent {years} building {builds}, most of it from my home office in {area}, {city}.",
];

/** Sentences about clients. */
export const BIO_CLIENTS: readonly string[] = [
  "My clients range from {kind} to {kind2}.",
  "I've worked with {kind}, {kind2} and a few agencies in London and Amsterdam.",
  "Most of my work is for {kind} and {kind2} across {theProvince}.",
  "Recent clients include {kind} and {kind2}.",
];

export const CLIENT_KINDS: readonly string[] = [
  "spaza shops",
  "community NGOs",
  "fintech start-ups in Sandton",
  "insurance brokers",
  "private schools",
  "courier companies",
  "restaurant groups",
  "medical practices",
  "property managers",
  "tour operators",
  "farmers' co-operatives",
  "burial societies",
  "digital agencies",
  "municipal contractors",
  "e-commerce brands",
];

/** Sentences about the stack; {skills} lists the developer's skills. */
export const BIO_STACK: readonly string[] = [
  "I work mainly with {skills}.",
  "My go-to stack is {skills}, and I care about clean, tested code.",
  "Day to day I work with {skills}.",
  "I'm most productive with {skills}, and I write documentation your next developer will thank you for.",
];

/** South African context sentences. */
export const BIO_CONTEXT: readonly string[] = [
  "I've built offline-first apps that keep working through load-shedding and sync when power and signal return.",
  "I know POPIA well and build consent, access and data-deletion flows in from day one.",
  "I've integrated PayFast, Yoco, Ozow and SnapScan payments for local merchants.",
  "Data-light apps that run smoothly on entry-level Android phones are my speciality.",
  "I've shipped WhatsApp Business notifications with SMS fallback for customers without smartphones.",
  "When data has to stay in South Africa, I host in the AWS Cape Town or Azure Johannesburg region.",
  "I design for load-shedding: local caching, retries and clear messages when the network is down.",
  "I've built interfaces in English and {lang} for first-time smartphone users.",
];

export const BIO_CLOSINGS: readonly string[] = [
  "Happy to work remotely anywhere in South Africa, or meet in person around {city}.",
  "I quote in rand with a clear milestone breakdown, and I'm open to monthly retainers.",
  "I speak English and {lang}, and I'm comfortable presenting to non-technical teams.",
  "Let's chat about your idea; I reply to messages quickly, load-shedding permitting.",
  "Available for fixed-price projects and ongoing support after launch.",
];

/** Fictional but real-sounding South African employers. */
export const COMPANIES: readonly string[] = [
  "Jozi Code Works",
  "Two Oceans Digital",
  "Ubuntu Labs",
  "Mzansi Fintech",
  "Highveld Systems",
  "Protea Digital Agency",
  "Baobab Technologies",
  "Kasi Tech Hub",
  "Indaba Software",
  "Umhlanga Apps",
  "Karoo Cloud Solutions",
  "Table Bay Interactive",
  "Lekker Labs",
  "Vula Payments",
  "Isithebe Consulting",
  "Gold Reef Insurance Group",
  "Drakensberg Data",
  "Sisonke Health Tech",
  "Shosholoza Logistics",
  "Amandla Retail Group",
  "Fynbos Studio",
  "Thula Mobile",
  "Limpopo Connect",
  "Bay Digital (Port Elizabeth)",
  "Marula Commerce",
  "Ikhaya Property Tech",
  "Sunbird Travel Tech",
  "Siyakhula EdTech",
];

/** Job descriptions; {skill} is one of the developer's skills, {city} their city. */
export const JOB_DESCRIPTIONS: readonly string[] = [
  "Built and maintained {skill} apps for retail and insurance clients.",
  "Led a team of three developers on a {skill} loyalty app used by 40 000 customers.",
  "Integrated PayFast and Ozow payments and cut checkout drop-off by a third.",
  "Moved the build pipeline to GitHub Actions and cut release time from a day to an hour.",
  "Rebuilt the customer portal in {skill} and made it work offline for field agents.",
  "Worked with clients across {city} on websites, apps and integrations.",
  "Took ownership of the {skill} codebase and mentored two junior developers.",
  "Shipped features every two weeks for a marketplace with 15 000 monthly users.",
  "Designed the API and database for a delivery app serving three provinces.",
  "Added POPIA-compliant consent and data export to every product.",
  "Built internal tools that replaced paper forms for 200 field staff.",
  "Maintained legacy systems and migrated them to {skill}.",
];

export const FREELANCE_DESCRIPTIONS: readonly string[] = [
  "Apps and websites for small businesses around {city}.",
  "Fixed-price projects for start-ups and NGOs, mostly in {skill}.",
  "Contract work for agencies in South Africa and the UK.",
];

export interface Certification {
  name: string;
  issuer: string;
  /** Skills it fits; empty fits everyone. */
  skills: readonly string[];
}

export const CERTIFICATIONS: readonly Certification[] = [
  { name: "AWS Certified Cloud Practitioner", issuer: "Amazon Web Services", skills: ["DevOps", "Node.js", "Python", "Machine Learning"] },
  { name: "AWS Certified Developer - Associate", issuer: "Amazon Web Services", skills: ["DevOps", "Node.js", "Python"] },
  { name: "AWS Certified Solutions Architect - Associate", issuer: "Amazon Web Services", skills: ["DevOps"] },
  { name: "AWS Certified Machine Learning - Specialty", issuer: "Amazon Web Services", skills: ["Machine Learning"] },
  { name: "Microsoft Certified: Azure Fundamentals", issuer: "Microsoft", skills: ["DevOps", "Angular", "Python"] },
  { name: "Certified Kubernetes Administrator (CKA)", issuer: "The Linux Foundation", skills: ["DevOps"] },
  { name: "Google Associate Android Developer", issuer: "Google", skills: ["Android", "Flutter"] },
  { name: "Google Associate Cloud Engineer", issuer: "Google Cloud", skills: ["DevOps", "Firebase"] },
  { name: "Google UX Design Professional Certificate", issuer: "Google", skills: ["UI/UX Design"] },
  { name: "TensorFlow Developer Certificate", issuer: "Google", skills: ["Machine Learning"] },
  { name: "Meta Front-End Developer Professional Certificate", issuer: "Meta", skills: ["React", "Vue.js", "Angular", "UI/UX Design"] },
  { name: "Meta React Native Specialization", issuer: "Meta", skills: ["React Native"] },
  { name: "Meta iOS Developer Professional Certificate", issuer: "Meta", skills: ["iOS"] },
  { name: "MongoDB Associate Developer", issuer: "MongoDB", skills: ["MongoDB", "Node.js"] },
  { name: "IBM Machine Learning Professional Certificate", issuer: "IBM", skills: ["Machine Learning", "Python"] },
  { name: "PCAP - Certified Associate in Python Programming", issuer: "Python Institute", skills: ["Python"] },
  { name: "Certified Blockchain Developer", issuer: "Blockchain Council", skills: ["Blockchain"] },
  { name: "Flutter Certified Application Developer", issuer: "Android ATC", skills: ["Flutter"] },
  { name: "Laravel Certified Developer", issuer: "Laravel", skills: ["Laravel"] },
  { name: "Professional Scrum Master I (PSM I)", issuer: "Scrum.org", skills: [] },
  { name: "JavaScript Algorithms and Data Structures", issuer: "freeCodeCamp", skills: ["React", "Node.js", "Vue.js", "Angular", "React Native"] },
];

/** What a portfolio project achieved. */
export const PORTFOLIO_OUTCOMES: readonly string[] = [
  "Live on Google Play with over 5 000 downloads.",
  "Now used by more than 120 shops across {theProvince}.",
  "Launched as an MVP in six weeks; phase 2 added a web dashboard.",
  "Works offline and syncs after load-shedding, which was the client's top requirement.",
  "Cut the client's admin time roughly in half.",
  "Rated 4.7 on Google Play.",
  "Available in English and {lang}.",
];

/** An outcome for portfolio projects that take payments. */
export const PAYMENT_OUTCOME = "Processed over R2 million in payments in its first year.";

/** Greetings by the city's language, for bios ("Sawubona! I'm a Flutter developer in Durban"). */
export const GREETINGS: Record<string, string> = {
  isiZulu: "Sawubona",
  isiXhosa: "Molo",
  Sesotho: "Dumela",
  Setswana: "Dumela",
  Sepedi: "Thobela",
  Afrikaans: "Hallo",
  Xitsonga: "Avuxeni",
  Tshivenda: "Ndaa",
  siSwati: "Sawubona",
  isiNdebele: "Lotjhani",
};

/** Review comments by rating: openings, details and endings. */
export const REVIEW_OPENINGS: Record<number, readonly string[]> = {
  5: [
    "Excellent work from start to finish.",
    "{dev} was an absolute pleasure to work with.",
    "Brilliant developer who really understood our business.",
    "Couldn't have asked for a better developer.",
    "Top-class work, delivered ahead of schedule.",
    "Professional, responsive and very skilled.",
    "Sharp, friendly and reliable.",
  ],
  4: [
    "Very good work overall.",
    "Solid developer, happy with the result.",
    "Good experience working with {dev}.",
    "Really happy with what {dev} built for us.",
    "Reliable and knows the work well.",
  ],
  3: [
    "Decent work, but it took longer than planned.",
    "The app works, but getting there was harder than it should have been.",
    "Mixed experience overall.",
    "An okay result in the end.",
  ],
  2: ["Disappointing experience.", "Not what we hoped for.", "The project got there eventually, but only just."],
  1: ["Would not recommend.", "Very poor experience.", "Unfortunately this did not work out at all."],
};

/** Specific praise for 4 and 5 stars (role praise is added to these). */
export const REVIEW_PRAISE: readonly string[] = [
  "The PayFast checkout worked first time and payouts reconcile perfectly.",
  "Our field agents can now capture orders offline during load-shedding and everything syncs later.",
  "{dev} kept us updated on WhatsApp every Friday with a short demo video.",
  "The POPIA consent screens were handled properly without us having to ask.",
  "It runs smoothly on our staff's entry-level Android phones.",
  "{dev} explained every technical decision in plain language for our non-technical team.",
  "The handover documentation and training for our staff were excellent.",
  "Data usage is tiny, which our prepaid customers really appreciate.",
  "Yoco and SnapScan payments went live a week before our busy season.",
  "{dev} suggested a simpler approach that saved us about R20 000.",
];

export const REVIEW_CAVEATS: readonly string[] = [
  "A few small bugs after launch, but they were fixed within a day.",
  "The timeline slipped by about a week, though the quality made up for it.",
  "Would have liked more frequent updates, but the final product is great.",
  "The first design round missed the mark, the second was spot on.",
];

export const REVIEW_ENDINGS: readonly string[] = [
  "Will definitely hire again.",
  "Highly recommended.",
  "We've already booked {dev} for phase 2.",
  "Thank you, {dev}!",
  "Ten out of ten.",
];

export const REVIEW_MIXED: readonly string[] = [
  "We had to chase for updates more than we would like.",
  "Some features took longer than quoted and the handover documentation was thin.",
  "The design is good, but the app was slow on older phones until a second round of fixes.",
  "Quality is fine, but the final invoice was higher than the quote.",
  "Communication dropped off during the last month.",
];

export const REVIEW_COMPLAINTS: readonly string[] = [
  "Missed several deadlines and went quiet for two weeks at a time.",
  "The app crashed on older Android phones and we had to pay another developer to fix it.",
  "The payments integration never worked properly in production.",
  "Our feedback on the design was ignored and the result did not match the brief.",
  "We ended up paying extra to finish the admin dashboard.",
];

export const REVIEW_LOW_ENDINGS: readonly string[] = [
  "We had to find another developer to finish the project.",
  "Can't recommend, sadly.",
  "Hopefully others have a better experience.",
];
