import { Mail } from "../ui/icons";
import { Link } from "react-router";
import { CONTACT_EMAIL, PRODUCT_NAME, PRODUCT_TAGLINE } from "../../../shared/constants";

const COLUMNS = [
  {
    heading: "For Clients",
    links: [
      { to: "/projects/new", label: "Post a Project" },
      { to: "/developers", label: "Find Developers" },
      { to: "/how-it-works", label: "How It Works" },
    ],
  },
  {
    heading: "For Developers",
    links: [
      { to: "/projects", label: "Browse Projects" },
      { to: "/register?type=developer", label: "Join as Developer" },
      { to: "/success-stories", label: "Success Stories" },
    ],
  },
  {
    heading: "Help",
    links: [
      { to: "/faq", label: "FAQ" },
      { to: "/support", label: "Support" },
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
] as const;

const link = "inline-flex min-h-11 items-center text-sm text-slate-300 hover:text-white focus-visible:outline-white sm:min-h-9";

/**
 * Site footer: pitch, contact e-mail, link columns and the copyright line with the current year.
 * `hideOnPhone` leaves it out below the sm breakpoint (under a chat composer).
 */
export function Footer({ year, hideOnPhone = false }: { year: number; hideOnPhone?: boolean }) {
  return (
    <footer className={`mt-auto bg-slate-900 text-slate-300 print:hidden ${hideOnPhone ? "max-sm:hidden" : ""}`}>
      <div className="mx-auto grid max-w-[1200px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="max-w-sm">
          <p className="text-xl font-bold tracking-tight text-white">
            Build<span className="text-brand-200">ZA</span>
          </p>
          <p className="mt-3 text-sm leading-6">
            South Africa's marketplace for app and software projects. Describe your idea, get proposals from local developers and build it, with budgets in
            rand.
          </p>
          <a href={`mailto:${CONTACT_EMAIL}`} className={`${link} mt-2 gap-2 font-medium text-white underline-offset-4 hover:underline`}>
            <Mail className="size-4" aria-hidden="true" />
            {CONTACT_EMAIL}
          </a>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {COLUMNS.map((column) => (
            <div key={column.heading}>
              <h2 className="text-sm font-semibold text-white">{column.heading}</h2>
              <ul className="mt-3 space-y-1 sm:space-y-0.5">
                {column.links.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className={link}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-[1200px] flex-col gap-1 px-4 py-5 text-sm text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {year} {PRODUCT_NAME}
          </p>
          <p>{PRODUCT_TAGLINE}</p>
        </div>
      </div>
    </footer>
  );
}
