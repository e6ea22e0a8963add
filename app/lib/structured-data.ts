/**
 * schema.org structured data (JSON-LD) for search engines (docs/product.md, Search engines and
 * sharing): JobPosting for a project, ProfilePage with a Person for a developer, Organization and
 * WebSite with a SearchAction for the home page. Pure functions of the page's loader data.
 */
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "../../shared/constants";
import { SHARE_IMAGE_PATH } from "./seo";

type JsonLd = Record<string, unknown>;

/** What a project's JobPosting needs (money in whole rand, dates ISO 8601). */
export interface ProjectForJsonLd {
  id: string;
  title: string;
  description: string;
  skills: string[];
  budgetMin: number;
  budgetMax: number | null;
  deadline: string | null;
  createdAt: string;
  category: string;
}

/**
 * JobPosting for a project: title, description, datePosted, the client's deadline as validThrough,
 * a remote contract located in South Africa, and the budget as a ZAR salary range (no maxValue for
 * an open-ended budget such as R75 000+).
 */
export function projectJsonLd(project: ProjectForJsonLd, client: { name: string } | null, origin: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: project.title,
    description: project.description,
    datePosted: project.createdAt,
    ...(project.deadline ? { validThrough: project.deadline } : {}),
    employmentType: "CONTRACTOR",
    url: `${origin}/projects/${project.id}`,
    identifier: { "@type": "PropertyValue", name: PRODUCT_NAME, value: project.id },
    industry: project.category,
    skills: project.skills.join(", "),
    hiringOrganization: { "@type": "Organization", name: client?.name ?? PRODUCT_NAME, url: origin },
    jobLocationType: "TELECOMMUTE",
    jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressCountry: "ZA" } },
    applicantLocationRequirements: { "@type": "Country", name: "South Africa" },
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: "ZAR",
      value: { "@type": "QuantitativeValue", minValue: project.budgetMin, ...(project.budgetMax !== null ? { maxValue: project.budgetMax } : {}) },
    },
  };
}

/** What a developer's ProfilePage needs. */
export interface DeveloperForJsonLd {
  id: string;
  name: string;
  title: string;
  bio: string;
  city: string | null;
  skills: string[];
  /** The profile links (GitHub, LinkedIn, website): each non-empty one is a `sameAs`. */
  links: { readonly [name in "github" | "linkedin" | "website"]?: string | null };
  memberSince: string;
  updatedAt: string;
}

/** ProfilePage whose mainEntity is the developer as a Person (job title, city in South Africa, skills, links). */
export function developerJsonLd(developer: DeveloperForJsonLd, origin: string, jobTitle: string = developer.title): JsonLd {
  const url = `${origin}/developers/${developer.id}`;
  const sameAs = Object.values(developer.links).filter((v): v is string => typeof v === "string" && v.length > 0);
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url,
    dateCreated: developer.memberSince,
    dateModified: developer.updatedAt,
    mainEntity: {
      "@type": "Person",
      name: developer.name,
      identifier: developer.id,
      url,
      ...(jobTitle ? { jobTitle } : {}),
      ...(developer.bio ? { description: developer.bio } : {}),
      address: { "@type": "PostalAddress", ...(developer.city ? { addressLocality: developer.city } : {}), addressCountry: "ZA" },
      knowsAbout: developer.skills,
      ...(sameAs.length ? { sameAs } : {}),
    },
  };
}

/** Organization and WebSite (with a SearchAction on /search?q=) for the home page. */
export function homeJsonLd(origin: string): JsonLd[] {
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: PRODUCT_NAME,
      url: origin,
      logo: `${origin}${SHARE_IMAGE_PATH}`,
      description: PRODUCT_TAGLINE,
      areaServed: { "@type": "Country", name: "South Africa" },
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: PRODUCT_NAME,
      url: origin,
      inLanguage: "en-ZA",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${origin}/search?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}
