import { Link } from "react-router";
import { CONTACT_EMAIL, PRODUCT_NAME } from "../../shared/constants";
import { ContentPage } from "../components/layout/content-page";
import { OnThisPage } from "../components/layout/on-this-page";
import type { Route } from "./+types/terms";
import { originFrom, seoMeta } from "../lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Terms of Service",
    description: "The terms that apply when you use BuildZA to post app projects, send proposals and work with South African clients and developers.",
    path: "/terms",
    origin: originFrom(matches),
  });

const SECTIONS = [
  { id: "about", label: "About these terms" },
  { id: "eligibility", label: "Who may use BuildZA" },
  { id: "account", label: "Your account" },
  { id: "projects", label: "Posting projects" },
  { id: "agreements", label: "Work agreed between clients and developers" },
  { id: "payments", label: "Prices and payments" },
  { id: "reviews", label: "Reviews and ratings" },
  { id: "acceptable-use", label: "Acceptable use" },
  { id: "content", label: "Your content and intellectual property" },
  { id: "suspension", label: "Reports, suspension and closing your account" },
  { id: "liability", label: "Our responsibility to you" },
  { id: "changes", label: "Changes, law and contact" },
] as const;

/** Terms of Service. */
export default function Terms() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of Service"
      intro={<p>Plain-language terms for clients and developers who use {PRODUCT_NAME}. Please read them before you create an account.</p>}
      meta={<p>Last updated: 21 November 2026</p>}
    >
      <OnThisPage sections={SECTIONS} />

      <h2 id="about">1. About these terms</h2>
      <p>
        These terms are an agreement between you and {PRODUCT_NAME} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) about your use of our website and services. By creating
        an account or using {PRODUCT_NAME} you accept them. If you use {PRODUCT_NAME} for a business, you confirm that you may accept these terms on its behalf.
      </p>

      <h2 id="eligibility">2. Who may use BuildZA</h2>
      <ul>
        <li>You must be at least 18 years old and able to enter into a binding contract.</li>
        <li>Projects are for work in South Africa, and all prices are in South African rand (ZAR).</li>
        <li>An account belongs to one person. Do not share it or create accounts for someone else without their permission.</li>
      </ul>

      <h2 id="account">3. Your account</h2>
      <p>
        Give us accurate information and keep it up to date. Keep your password secret: you are responsible for what happens under your account. If you think
        someone else has used it, reset your password and e-mail us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> straight away.
      </p>

      <h2 id="projects">4. Posting projects</h2>
      <p>When you post a project you confirm that:</p>
      <ul>
        <li>the description is honest and describes work you actually want done;</li>
        <li>the work is lawful, and you have the right to share any material you include;</li>
        <li>the budget range and timeline are a genuine indication of what you expect.</li>
      </ul>
      <p>We may edit the presentation of, hide or remove projects that break these terms.</p>

      <h2 id="agreements">5. Work agreed between clients and developers</h2>
      <p>
        {PRODUCT_NAME} is a marketplace: we help clients and developers find each other. When a client and a developer agree on a piece of work, that contract
        is between them. We are not a party to it, we do not employ the developers, and we do not guarantee the quality, timing or outcome of any work.
      </p>
      <p>
        Before work starts, agree in writing on the scope, milestones, deadlines, price, who owns the code and designs, and what happens if plans change.
        Keeping that conversation on {PRODUCT_NAME} gives both sides a record.
      </p>

      <h2 id="payments">6. Prices and payments</h2>
      <p>
        Prices on {PRODUCT_NAME} are in rand. A proposal should state whether its price includes VAT. Where we offer a payment service, its terms and any fees
        are shown to you before you use it; we never charge a fee you have not seen first.
      </p>

      <h2 id="reviews">7. Reviews and ratings</h2>
      <p>
        Reviews must be honest and based on real work. Do not offer or accept anything in exchange for a review, and do not review yourself. We may remove
        reviews that break these rules or contain personal attacks or private information.
      </p>

      <h2 id="acceptable-use">8. Acceptable use</h2>
      <p>You may not use {PRODUCT_NAME} to:</p>
      <ul>
        <li>deceive or defraud anyone, or pretend to be someone else;</li>
        <li>ask anyone for passwords, one-time PINs or banking log-in details;</li>
        <li>harass, threaten or discriminate against anyone;</li>
        <li>send spam, malware, or content that is unlawful or infringes someone else&rsquo;s rights;</li>
        <li>copy or scrape the site, or interfere with its security or operation.</li>
      </ul>

      <h2 id="content">9. Your content and intellectual property</h2>
      <p>
        You keep ownership of what you post: project descriptions, profiles, portfolio items and messages. You give us a non-exclusive licence to store, display
        and process that content to run {PRODUCT_NAME}. Ownership of work a developer delivers to a client is whatever the two of you agree; if in doubt, put it
        in writing. The {PRODUCT_NAME} name and logo belong to us.
      </p>

      <h2 id="suspension">10. Reports, suspension and closing your account</h2>
      <p>
        You can report a project with the flag button on its page or by e-mail. We review reports and may remove content or suspend or close accounts that break
        these terms or put other users at risk. You may close your account at any time by e-mailing us from the address on the account. What happens to your
        information afterwards is described in our <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <h2 id="liability">11. Our responsibility to you</h2>
      <p>
        We work hard to keep {PRODUCT_NAME} available, accurate and secure, but we provide it as it is and cannot promise it will always be free of errors or
        interruptions. As far as the law allows, we are not responsible for losses caused by work agreed between users, or for indirect or consequential losses.
        Nothing in these terms limits rights you have under the Consumer Protection Act or other South African law that cannot be limited.
      </p>

      <h2 id="changes">12. Changes, law and contact</h2>
      <p>
        We may update these terms. If a change matters, we will tell you by e-mail or on the site before it takes effect. These terms are governed by the law of
        the Republic of South Africa. Questions? E-mail <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> or visit <Link to="/support">Support</Link>.
      </p>
    </ContentPage>
  );
}
