import { Link } from "react-router";
import { CONTACT_EMAIL, PRODUCT_NAME } from "../../shared/constants";
import { ContentPage } from "../components/layout/content-page";
import { OnThisPage } from "../components/layout/on-this-page";
import type { Route } from "./+types/privacy";
import { originFrom, seoMeta } from "../lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Privacy Policy",
    description: "How BuildZA collects, uses and protects your personal information under POPIA, your rights, and how to contact our Information Officer.",
    path: "/privacy",
    origin: originFrom(matches),
  });

const SECTIONS = [
  { id: "who-we-are", label: "Who we are" },
  { id: "what-we-collect", label: "What we collect" },
  { id: "why", label: "Why we use it" },
  { id: "visible", label: "What other people can see" },
  { id: "cookies", label: "Cookies" },
  { id: "sharing", label: "Who we share it with" },
  { id: "retention", label: "How long we keep it" },
  { id: "security", label: "How we protect it" },
  { id: "rights", label: "Your rights" },
  { id: "contact", label: "Information Officer and complaints" },
] as const;

const officerMail = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent("Attention: Information Officer")}`;

/** Privacy notice under the Protection of Personal Information Act (POPIA). */
export default function Privacy() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy Policy"
      intro={
        <p>
          How {PRODUCT_NAME} collects, uses and protects your personal information, in line with the Protection of Personal Information Act 4 of 2013 (POPIA).
        </p>
      }
      meta={<p>Last updated: 29 November 2026</p>}
    >
      <OnThisPage sections={SECTIONS} />

      <h2 id="who-we-are">1. Who we are</h2>
      <p>
        {PRODUCT_NAME} is the responsible party for the personal information described here. You can reach our Information Officer at{" "}
        <a href={officerMail}>{CONTACT_EMAIL}</a> (subject &ldquo;Attention: Information Officer&rdquo;).
      </p>

      <h2 id="what-we-collect">2. What we collect</h2>
      <h3>Information you give us</h3>
      <ul>
        <li>
          <strong>Account:</strong> your name, e-mail address, account type (client or developer) and password. We store the password only as a one-way hash;
          nobody at {PRODUCT_NAME} can read it.
        </li>
        <li>
          <strong>Developer profile:</strong> title, bio, city, skills, hourly rate, availability, portfolio, experience, certifications and links you choose to
          add.
        </li>
        <li>
          <strong>Projects:</strong> what you write when you post a project, such as its description, features, budget range, timeline, skills, category and
          target audience.
        </li>
        <li>
          <strong>Communication:</strong> proposals and messages you send through {PRODUCT_NAME}, files you attach, reports you submit, and messages you send to
          support (through the <Link to="/support">support form</Link>: your name, e-mail address, subject and message) or e-mail to us.
        </li>
      </ul>
      <h3>Information we record automatically</h3>
      <ul>
        <li>
          <strong>Sessions:</strong> when you sign in we record the session, its expiry time, your IP address and your browser&rsquo;s user agent, to keep you
          signed in and to spot misuse of your account.
        </li>
        <li>
          <strong>Password resets:</strong> a single-use token that expires after one hour.
        </li>
      </ul>
      <p>We do not ask for your ID number, banking details or special personal information, and you should not post them.</p>

      <h2 id="why">3. Why we use it</h2>
      <p>POPIA allows us to process personal information only for a specific, lawful purpose. Ours are:</p>
      <ul>
        <li>
          <strong>To provide the service you signed up for:</strong> your account, publishing projects and profiles, proposals, messages and notifications.
        </li>
        <li>
          <strong>To keep {PRODUCT_NAME} safe:</strong> securing accounts, preventing fraud and reviewing reports (our legitimate interest, and yours).
        </li>
        <li>
          <strong>To meet legal obligations:</strong> for example keeping records the law requires, or answering a lawful request from an authority.
        </li>
        <li>
          <strong>To send service e-mails:</strong> such as password-reset links. We only send marketing e-mail if you have agreed to it, and every such e-mail
          lets you unsubscribe.
        </li>
      </ul>
      <p>We do not sell your personal information, and we do not use it for advertising profiles.</p>

      <h2 id="visible">4. What other people can see</h2>
      <p>
        Developer profiles and posted projects are public so that clients and developers can find each other. Your e-mail address and password are never shown
        to other users. Messages are visible only to the people in the conversation.
      </p>

      <h2 id="cookies">5. Cookies</h2>
      <p>We use only the cookies needed to run the site:</p>
      <ul>
        <li>
          a <strong>session cookie</strong> that keeps you signed in: for 30 days when you tick &ldquo;Remember me&rdquo;, otherwise until you close your
          browser (and never longer than a day);
        </li>
        <li>
          a short-lived <strong>message cookie</strong> that shows a one-time notice after an action, such as &ldquo;Project created successfully!&rdquo;.
        </li>
        <li>
          a <strong>browser cookie</strong>, set when you sign in and kept up to 400 days, holding a random code and nothing about you: when your account is
          signed in to from a browser without it, we email you, so you hear of a sign-in that was not you.
        </li>
      </ul>
      <p>We do not use advertising or third-party tracking cookies.</p>
      <p>
        To keep {PRODUCT_NAME} usable when your connection drops, your browser keeps a copy of the pages you last opened (browse pages, profiles and, while you
        are signed in, your conversations) on your device only. The copies of signed-in pages are removed when you sign out or someone signs in on the same
        browser.
      </p>

      <h2 id="sharing">6. Who we share it with</h2>
      <p>
        We share personal information only with operators that help us run {PRODUCT_NAME}, such as our hosting and e-mail delivery providers, under written
        agreements that require them to keep it confidential and secure (POPIA section 21); and with authorities when the law requires it. If a provider stores
        information outside South Africa, we make sure it is protected to a standard at least equal to POPIA (section 72).
      </p>

      <h2 id="retention">7. How long we keep it</h2>
      <p>
        We keep your information while your account is open. When you close your account we delete or de-identify it within a reasonable time, except where the
        law requires us to keep a record for longer or we need it to resolve a dispute or a report. Expired sessions and password-reset tokens are deleted.
      </p>

      <h2 id="security">8. How we protect it</h2>
      <p>
        Passwords are hashed with Argon2id, connections are encrypted, and access to personal information is limited to people who need it. If we believe your
        personal information has been accessed by someone without authority, we will notify you and the Information Regulator as POPIA section 22 requires.
      </p>

      <h2 id="rights">9. Your rights</h2>
      <p>Under POPIA you have the right to:</p>
      <ul>
        <li>ask whether we hold personal information about you, and for a copy of it;</li>
        <li>ask us to correct or delete information that is inaccurate, out of date, excessive or unlawfully obtained;</li>
        <li>object to processing based on our legitimate interests, and to direct marketing at any time;</li>
        <li>withdraw consent you have given, without affecting what was done before;</li>
        <li>complain to the Information Regulator.</li>
      </ul>
      <p>
        You can use the first two rights yourself under <Link to="/profile">Settings</Link>: <strong>Download my data</strong> gives you a copy of everything we
        store about your account (including your messages to support), and <strong>Delete my account</strong> erases your personal information, keeping only
        what other people&rsquo;s projects, conversations and payment records need, under the name &ldquo;Deleted user&rdquo;. For anything else, e-mail the
        Information Officer from the address on your account; we reply within 30 days. Access requests are handled in line with the Promotion of Access to
        Information Act (PAIA).
      </p>

      <h2 id="contact">10. Information Officer and complaints</h2>
      <p>
        Information Officer, {PRODUCT_NAME}: <a href={officerMail}>{CONTACT_EMAIL}</a>.
      </p>
      <p>
        If you are not satisfied with our answer, you may complain to the Information Regulator (South Africa) at{" "}
        <a href="https://inforeg.org.za" rel="noopener noreferrer">
          inforeg.org.za
        </a>
        .
      </p>
      <p>
        We may update this policy; if a change matters, we will tell you by e-mail or on the site. Children: {PRODUCT_NAME} is not meant for anyone under 18.
      </p>
    </ContentPage>
  );
}
