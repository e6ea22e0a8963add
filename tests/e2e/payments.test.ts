/**
 * docs/product.md, Payments in Chromium on the test provider: a hire writes a contract; the client
 * funds a milestone at the test checkout (a failed payment first: the milestone stays unfunded
 * with a clear message), the developer submits, the client approves; the developer's balance is the
 * amount less the fee, and they withdraw it (before funding, the developer proposes new terms for a
 * milestone on a phone and the client accepts them; the delivery carries a file the client downloads) and download their documents; a second milestone is disputed and a moderator resolves it with a split.
 */
import { formatCents, todayIso } from "../../shared/format";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { launchBrowser, register, startServer, verifyEmail, type RunningServer, PORT_BASE } from "./support";

/** A due date next year: within the MAX_YEARS_AHEAD bound whatever the year the tests run. */
const NEXT_YEAR = Number(todayIso().slice(0, 4)) + 1;

const SHOTS = path.resolve("tests/.tmp/payments-shots");

describe("payments", () => {
  let server: RunningServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  let client: Page;
  let developer: Page;
  let contractUrl = "";
  const moderatorEmail = `mod.${stamp}@example.co.za`;
  let dataDir = "";

  beforeAll(async () => {
    // A data folder of our own, kept across the restart that names the moderator.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "buildza-e2e-payments-"));
    [server, browser] = await Promise.all([startServer(PORT_BASE + 25, { DEMO_DATA: "off", DATA_DIR: dataDir }), launchBrowser()]);
    client = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    developer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** expect.poll with room for a shared, busy machine (vitest's default is 1 s). */
  const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });
  const milestone = (page: Page, n: number) => page.locator(`[data-milestone="${n}"]`);
  /** Text with the no-break spaces of en-ZA amounts as plain spaces. */
  const text = async (locator: { textContent(): Promise<string | null> }) => ((await locator.textContent()) ?? "").replace(/\s/g, " ");

  it("hire, failed payment, funding at the test checkout, submit, approve", async () => {
    await register(client, server.url, { name: "Lerato Dlamini", email: `lerato.${stamp}@example.co.za`, developer: false });
    // Unverified accounts may not pay or be paid (docs/product.md, Trust and safety).
    await verifyEmail(client, server.url, dataDir, `lerato.${stamp}@example.co.za`);
    const projectId = await client.evaluate(async () => {
      const res = await fetch("/api/v1/projects", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          title: "Spaza shop stock app",
          description: "Spaza owners in Khayelitsha track stock, order from wholesalers and see what sells, on cheap Android phones with little data.",
          platform: "mobile",
          budgetRange: "R15000-R35000",
          timeline: "2-4",
          skills: ["Flutter"],
          category: "Business",
        }),
      });
      return ((await res.json()) as { project: { id: string } }).project.id;
    });
    await register(developer, server.url, { name: "Sipho Khumalo", email: `sipho.${stamp}@example.co.za`, developer: true });
    await verifyEmail(developer, server.url, dataDir, `sipho.${stamp}@example.co.za`);
    const proposalId = await developer.evaluate(async (id) => {
      const res = await fetch(`/api/v1/projects/${id}/proposals`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          coverLetter: "I built stock apps for three spaza co-ops in the Western Cape with Flutter, offline first and light on data, with WhatsApp orders.",
          price: 18000,
          duration: "2-4",
          milestones: [
            { title: "Stock screens", amount: 6000 },
            { title: "Wholesaler orders", amount: 12000 },
          ],
        }),
      });
      return ((await res.json()) as { proposal: { id: string } }).proposal.id;
    }, projectId);
    expect(proposalId).toBeTruthy();
    const accepted = await client.evaluate(async (id) => (await fetch(`/api/v1/proposals/${id}/accept`, { method: "POST" })).status, proposalId);
    expect(accepted).toBe(200);

    await client.goto(`${server.url}/projects/${projectId}`);
    await client.getByRole("link", { name: "Contract, milestones and payments" }).click();
    await client.waitForURL(/\/contracts\//);
    contractUrl = client.url();
    await poll(() => milestone(client, 1).getByText("Awaiting funding").isVisible()).toBe(true);
    // With the test provider, forms lead to this origin only (its checkout is ours).
    const page = await fetch(contractUrl, { headers: { cookie: (await client.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") } });
    await page.body?.cancel();
    expect(
      String(page.headers.get("content-security-policy"))
        .split("; ")
        .find((d) => d.startsWith("form-action")),
    ).toBe("form-action 'self'");

    // "Messages with ..." on the contract opens the two's conversation about this project, for
    // either side, not a second thread without the project.
    const talk = await developer.evaluate(async (id) => {
      const res = await fetch("/api/v1/conversations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ projectId: id, body: "Thanks for hiring me! I start on the stock screens today." }),
      });
      return ((await res.json()) as { conversation: { id: string } }).conversation.id;
    }, projectId);
    await client.getByRole("link", { name: "Messages with Sipho Khumalo" }).click();
    await client.waitForURL(`**/messages/${talk}`);
    await client.goto(contractUrl);
    await developer.goto(contractUrl);
    await developer.getByRole("link", { name: "Messages with Lerato Dlamini" }).click();
    await developer.waitForURL(`**/messages/${talk}`);

    // The developer (phone) proposes new terms for milestone 1; nothing changes until the client accepts.
    await developer.goto(contractUrl);
    await milestone(developer, 1).getByText("Propose a change").click();
    await milestone(developer, 1).getByLabel("Title").fill("Stock screens and counts");
    await milestone(developer, 1).getByLabel("Due date (optional)").fill(`${NEXT_YEAR}-03-01`);
    await milestone(developer, 1).getByRole("button", { name: "Send proposal" }).click();
    await poll(() => developer.getByText("Waiting for Lerato Dlamini to accept or decline").isVisible()).toBe(true);
    expect(await text(milestone(developer, 1).locator("h3"))).toBe("1. Stock screens");
    await developer.screenshot({ path: `${SHOTS}/contract-change-proposed-390.png`, fullPage: true });
    await client.reload();
    const proposed = client.getByRole("region", { name: "Proposed changes" });
    expect(await text(proposed)).toContain(`Sipho Khumalo proposes changing milestone 1 to Stock screens and counts, R6 000, due 01 Mar ${NEXT_YEAR}`);
    await client.screenshot({ path: `${SHOTS}/contract-change-1280.png`, fullPage: true });
    await proposed.getByRole("button", { name: "Accept" }).click();
    await poll(() => text(milestone(client, 1).locator("h3"))).toBe("1. Stock screens and counts");
    expect(await milestone(client, 1).getByText(`Due 01 Mar ${NEXT_YEAR}`).isVisible()).toBe(true);
    expect(await client.getByRole("region", { name: "Proposed changes" }).count()).toBe(0);

    // A failed payment leaves the milestone unfunded, and says so.
    // Whole rand read without decimals on the contract and the checkout (docs/product.md, Look and feel "Money").
    await milestone(client, 1).getByRole("button", { name: "Fund R6 000 (milestone 1)", exact: true }).click();
    await client.waitForURL(/\/pay\/test\//);
    await poll(() => client.getByText("Test mode: no real money moves").isVisible()).toBe(true);
    expect(await text(client.getByRole("heading", { level: 1 }))).toBe("Pay R6 000");
    await client.screenshot({ path: `${SHOTS}/checkout-1280.png`, fullPage: true });
    await client.getByRole("button", { name: "Fail the payment" }).click();
    await client.waitForURL(/\/contracts\//);
    await poll(() => text(milestone(client, 1).getByRole("alert"))).toContain("Payment failed: The payment was declined");
    expect(await milestone(client, 1).getByText("Awaiting funding").isVisible()).toBe(true);
    expect(await client.locator("[data-payment-notice]").count()).toBe(0);

    await milestone(client, 1).getByRole("button", { name: "Fund R6 000 (milestone 1)", exact: true }).click();
    await client.waitForURL(/\/pay\/test\//);
    const entries = await client.evaluate(() => history.length);
    await client.getByRole("button", { name: "Pay successfully" }).click();
    await client.waitForURL(/\/contracts\//);
    await poll(() => milestone(client, 1).getByText("Funded", { exact: true }).isVisible()).toBe(true);
    expect(await milestone(client, 1).getByRole("alert").count()).toBe(0);
    const received = "Payment received: “Stock screens and counts” is funded. The money stays in escrow until you approve the work.";
    expect(await text(client.locator("[data-payment-notice]"))).toBe(received);
    // Said once: the server drops ?payment= from the address with a redirect (no extra history entry)...
    expect(client.url()).toBe(contractUrl);
    expect(await client.evaluate(() => history.length)).toBe(entries + 1);
    // ...and a reload does not say it again.
    await client.reload();
    await poll(() => milestone(client, 1).getByText("Funded", { exact: true }).isVisible()).toBe(true);
    expect(await client.locator("[data-payment-notice]").count()).toBe(0);
    // The same without JavaScript: back from checkout the notice shows on the plain address, and a reload does not repeat it.
    const reference = (await client.locator('main a[href^="/receipts/"]').first().getAttribute("href"))!.split("/").pop()!;
    const noScript = await (
      await browser.newContext({ javaScriptEnabled: false, storageState: await client.context().storageState(), viewport: { width: 390, height: 844 } })
    ).newPage();
    await noScript.goto(`${contractUrl}?payment=${reference}`);
    expect(noScript.url()).toBe(contractUrl);
    expect(await text(noScript.locator("[data-payment-notice]"))).toBe(received);
    await noScript.reload();
    expect(await noScript.locator("[data-payment-notice]").count()).toBe(0);
    expect(await milestone(noScript, 1).getByText("Funded", { exact: true }).isVisible()).toBe(true);
    await noScript.context().close();
    expect(await text(client.getByText("In escrow", { exact: true }).locator(".."))).toBe("In escrowR6 000");
    await client.screenshot({ path: `${SHOTS}/contract-funded-1280.png`, fullPage: true });

    await developer.goto(contractUrl);
    await milestone(developer, 1).getByLabel("Delivery note").fill("Stock screens done: add, count and low-stock alerts.");
    // The delivery carries a file, uploaded at once from the phone.
    const chooser = developer.waitForEvent("filechooser");
    await milestone(developer, 1).getByRole("button", { name: "Add files (milestone 1)", exact: true }).click();
    await (await chooser).setFiles({ name: "stock-screens-handover.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% handover notes\n") });
    await poll(() => milestone(developer, 1).getByRole("button", { name: "Remove stock-screens-handover.pdf" }).isVisible()).toBe(true);
    await milestone(developer, 1).getByRole("button", { name: "Submit for approval" }).click();
    await poll(() => milestone(developer, 1).getByText("Submitted", { exact: true }).isVisible()).toBe(true);
    await developer.screenshot({ path: `${SHOTS}/contract-submitted-390.png`, fullPage: true });

    // The client sees the delivered file and downloads it.
    await client.reload();
    const delivered = milestone(client, 1).getByRole("group", { name: "Delivered files of Stock screens and counts" });
    await poll(() => delivered.getByText("stock-screens-handover.pdf").isVisible()).toBe(true);
    // ...and the day it is released by itself if they do not answer (docs/product.md, Payments "Automatic release").
    expect(await text(milestone(client, 1).locator("[data-auto-release]"))).toMatch(
      /^If you do not answer, it is released to Sipho Khumalo automatically on \d{2} \w{3} \d{4}\.$/,
    );
    await client.screenshot({ path: `${SHOTS}/contract-delivered-1280.png`, fullPage: true });
    const download = client.waitForEvent("download");
    await delivered.getByRole("link", { name: /stock-screens-handover\.pdf/ }).click();
    const file = await (await download).path();
    expect((await fs.readFile(file, "utf8")).startsWith("%PDF-1.4")).toBe(true);

    // An empty change request is refused beside its own box, which is marked invalid.
    await milestone(client, 1).getByRole("button", { name: "Request changes" }).click();
    const changeBox = milestone(client, 1).getByLabel("What should change?");
    await poll(() => changeBox.getAttribute("aria-invalid")).toBe("true");
    expect(await milestone(client, 1).getByText("Say what should change (at least 5 characters)", { exact: true }).isVisible()).toBe(true);
    expect(await changeBox.getAttribute("aria-describedby")).toMatch(/-error$/);

    // Money leaves escrow only after the client confirms it in a dialog; "Not yet" changes nothing.
    await milestone(client, 1).getByRole("button", { name: "Approve and release" }).click();
    const confirm = client.getByRole("dialog", { name: "Release R6 000 to Sipho Khumalo?" });
    await poll(() => confirm.isVisible()).toBe(true);
    await client.screenshot({ path: `${SHOTS}/approve-confirm-1280.png` });
    expect(await text(confirm)).toContain("“Stock screens and counts” is approved and its money leaves escrow for Sipho Khumalo's balance.");
    await confirm.getByRole("button", { name: "Not yet" }).click();
    await poll(() => confirm.isVisible()).toBe(false);
    await client.reload();
    expect(await text(milestone(client, 1))).toContain("Submitted");
    await milestone(client, 1).getByRole("button", { name: "Approve and release" }).click();
    await confirm.getByRole("button", { name: "Approve and release" }).click();
    await poll(() => milestone(client, 1).getByText("Released", { exact: true }).isVisible()).toBe(true);
    await poll(() => client.getByText("Milestone approved and released to the developer").isVisible()).toBe(true);
    expect(await text(client.getByRole("complementary"))).toContain("ReleasedR6 000RefundedR0");

    // The client's payments, from the account menu: the declined and the paid payment, a receipt, the totals.
    await client.getByRole("button", { name: /Account menu/ }).click();
    await client.getByRole("menuitem", { name: "Payments" }).click();
    await client.waitForURL(/\/payments$/);
    const rows = client.locator("[data-payment]");
    await poll(() => rows.count()).toBe(2);
    expect(await text(rows.nth(0))).toMatch(/Stock screens and counts, Sipho Khumalo.*R6 000PaidReleased.*Receipt/);
    expect(await text(rows.nth(1))).toMatch(/The payment was declined.*R6 000Failed/);
    expect(await text(client.getByTestId("payment-totals"))).toBe("Paid into escrowR6 000Released to developersR6 000Refunded to youR0In escrow nowR0");
    await rows
      .nth(0)
      .getByRole("link", { name: /^Receipt for Stock screens and counts, bz_/ })
      .click();
    await client.waitForURL(/\/receipts\//);
    await poll(() => client.getByRole("heading", { name: "Receipt" }).isVisible()).toBe(true);
    // A receipt is an accounting document: two decimals on its amount (docs/product.md, Payments "Money").
    expect(await text(client.getByText("Amount", { exact: true }).locator(".."))).toBe("AmountR6 000,00");
    // A title of one long word (anyone's text) wraps in its row on a phone instead of widening the page.
    await client.setViewportSize({ width: 390, height: 844 });
    await client
      .locator("dd")
      .nth(2)
      .evaluate((dd) => (dd.textContent = "Stockscreensandcounts".repeat(6)));
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await client.setViewportSize({ width: 1280, height: 900 });
    await client.goto(contractUrl); // the next test goes on from the contract page
  });

  it("the developer's balance is the amount less the fee; they withdraw to a bank account and download a statement, the CSV and the PDF invoice", async () => {
    await developer.goto(`${server.url}/payouts`);
    await poll(() => text(developer.getByTestId("balance"))).toBe("R5 550");
    await developer.getByLabel("Bank", { exact: true }).selectOption({ label: "Capitec Bank" });
    await developer.getByLabel("Account number").fill("12");
    await developer.getByLabel("Account holder").fill("Sipho Khumalo");
    await developer.getByRole("button", { name: "Save bank account" }).click();
    await poll(() => developer.getByText("An account number has 6 to 16 digits").isVisible()).toBe(true);
    await developer.getByLabel("Bank", { exact: true }).selectOption({ label: "Capitec Bank" });
    await developer.getByLabel("Account number").fill("1234567890");
    await developer.getByLabel("Account holder").fill("Sipho Khumalo");
    await developer.getByRole("button", { name: "Save bank account" }).click();
    await poll(() => developer.getByRole("button", { name: /Withdraw to Capitec Bank/ }).isVisible()).toBe(true);
    await developer.getByLabel("Amount to withdraw (rand)").fill("50");
    await developer.getByRole("button", { name: /Withdraw to Capitec Bank/ }).click();
    await poll(() => developer.getByText("The smallest payout is R100", { exact: true }).isVisible()).toBe(true);
    await developer.getByLabel("Amount to withdraw (rand)").fill("5000");
    await developer.getByRole("button", { name: /Withdraw to Capitec Bank/ }).click();
    await poll(() => text(developer.getByTestId("balance"))).toBe("R550");
    // The amount is cleared: one more tap does not send a second payout.
    await poll(() => developer.getByLabel("Amount to withdraw (rand)").inputValue()).toBe("");
    await poll(() => developer.getByText("Pending", { exact: true }).isVisible()).toBe(true);
    await developer.getByRole("button", { name: "Test: paid" }).click();
    await poll(() => developer.getByText("Paid", { exact: true }).isVisible()).toBe(true);
    await developer.screenshot({ path: `${SHOTS}/payouts-390.png`, fullPage: true });

    await developer.getByRole("button", { name: "View statement" }).click();
    await developer.waitForURL(/\/payouts\/statement\?month=/);
    await poll(() => text(developer.locator("table"))).toContain("Released: Stock screens and counts (R6 000,00 less fee R450,00)");
    expect(await text(developer.locator("table"))).toContain("Closing balanceR550,00");
    // On the 390 px phone the statement's table stays inside the page's margins (the date goes under the description).
    const table = (await developer.locator("table").boundingBox())!;
    const heading = (await developer.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(heading.x + heading.width + 0.5);
    // Printed, it is the statement alone: no site header with its badges, no footer, no way back.
    await developer.emulateMedia({ media: "print" });
    expect(await developer.getByRole("banner").isVisible()).toBe(false);
    expect(await developer.getByRole("contentinfo").isVisible()).toBe(false);
    expect(await developer.getByRole("link", { name: "Back to balance and payouts" }).isVisible()).toBe(false);
    expect(await developer.locator("table").isVisible()).toBe(true);
    await developer.emulateMedia({ media: "screen" });
    await developer.goto(`${server.url}/payouts`);
    const invoiceHref = await developer.getByRole("link", { name: /INV-\d{6} \(PDF\)/ }).getAttribute("href");
    const pdf = await developer.request.get(`${server.url}${invoiceHref}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const csv = await developer.request.get(`${server.url}/payouts/ledger.csv`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(",payout,");
    // Another user gets no invoice of the developer's.
    expect((await client.request.get(`${server.url}${invoiceHref}`)).status()).toBe(404);

    // Pages refused say why (docs/product.md, Messages and errors "Error pages"): a client has no payouts,
    // and a statement link with a bad month names the format. (New tabs: the next test goes on from the contract.)
    const clientTab = await client.context().newPage();
    const refused = await clientTab.goto(`${server.url}/payouts`);
    expect(refused?.status()).toBe(403);
    await expect(clientTab.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("You can't open this page");
    expect(await clientTab.title()).toBe("You can't open this page | BuildZA");
    await expect(clientTab.getByText("Only developers have a balance to withdraw").isVisible()).resolves.toBe(true);
    expect(await clientTab.getByText("Internal Server Error").count()).toBe(0);
    await clientTab.close();
    const developerTab = await developer.context().newPage();
    const badMonth = await developerTab.goto(`${server.url}/payouts/statement?month=2026-13`);
    expect(badMonth?.status()).toBe(400);
    await expect(developerTab.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("This link is not valid");
    expect(await developerTab.title()).toBe("This link is not valid | BuildZA");
    await expect(developerTab.getByText("Choose a month as YYYY-MM").isVisible()).resolves.toBe(true);
    // Without a month (typed or bookmarked) the statement opens on this month's (South African time).
    expect((await developerTab.goto(`${server.url}/payouts/statement`))?.status()).toBe(200);
    const thisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg", year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);
    expect(new URL(developerTab.url()).searchParams.get("month")).toBe(thisMonth);
    await developerTab.close();
  });

  it("a dispute resolved by a moderator with a split completes the project", async () => {
    await milestone(client, 2).getByRole("button", { name: "Fund R12 000 (milestone 2)", exact: true }).click();
    await client.getByRole("button", { name: "Pay successfully" }).click();
    await client.waitForURL(/\/contracts\//);
    await poll(() => milestone(client, 2).getByText("Funded", { exact: true }).isVisible()).toBe(true);
    await developer.goto(contractUrl);
    await milestone(developer, 2).getByRole("button", { name: "Submit for approval" }).click();
    await poll(() => milestone(developer, 2).getByText("Submitted", { exact: true }).isVisible()).toBe(true);
    await client.reload();
    await milestone(client, 2).getByText("Open a dispute").click();
    await milestone(client, 2).getByLabel("Reason").fill("Orders to wholesalers are not sent at all.");
    await milestone(client, 2).getByRole("button", { name: "Open dispute" }).click();
    await poll(() => milestone(client, 2).getByText("Disputed", { exact: true }).isVisible()).toBe(true);
    // The developer gives their side, for the moderator.
    await developer.goto(contractUrl);
    expect(await text(milestone(developer, 2))).toContain("Dispute raised by the client: “Orders to wholesalers are not sent at all.”");
    await milestone(developer, 2)
      .getByLabel(/Your side of the dispute/)
      .fill("Orders go out by email; the wholesaler's address in Settings was wrong.");
    await milestone(developer, 2).getByRole("button", { name: "Send your side" }).click();
    await poll(() =>
      milestone(developer, 2)
        .getByText(/The developer's side:/)
        .isVisible(),
    ).toBe(true);

    // A withdrawal whose bank transfer the provider then fails to start 8 times (decision 0051;
    // made so in the database below, as a provider that stays down would leave it).
    await developer.goto(`${server.url}/payouts`);
    await developer.getByLabel("Amount to withdraw (rand)").fill("200");
    await developer.getByRole("button", { name: /Withdraw to Capitec Bank/ }).click();
    const stuckRow = developer.locator("[data-payout]").filter({ has: developer.getByText("R200", { exact: true }) });
    await poll(() => stuckRow.isVisible()).toBe(true);
    // Each payout says when it was asked for and its reference, to match it with the bank statement.
    expect(await stuckRow.innerText()).toContain(`· ${await stuckRow.getAttribute("data-payout")}`);
    expect(await stuckRow.innerText()).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d ·/);

    // The client reports the developer's profile with a long link in the details (anyone's text).
    const { user: developerUser } = (await (await developer.request.get(`${server.url}/api/auth/get-session`)).json()) as { user: { id: string } };
    const reported = await client.evaluate(
      async (id) =>
        (
          await fetch(`/api/v1/users/${id}/reports`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ reason: "Asking to pay outside BuildZA", details: `Sent me https://pay.example.co.za/${"x".repeat(150)} to pay there.` }),
          })
        ).status,
      developerUser.id,
    );
    expect(reported).toBe(201);

    // Moderators are named by an operator in the database: register, stop, promote, start again on the same data.
    const moderator = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await register(moderator, server.url, { name: "Naledi Moderator", email: moderatorEmail, developer: false });
    await server.stop();
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await db.query("update users set role = 'moderator', two_factor_enabled = true where email = $1", [moderatorEmail]);
    await db.query(
      "update payouts set transfer_sent_at = null, transfer_next_at = now() + interval '1 hour', transfer_attempts = 8, transfer_error = 'Paystack answered 503' where amount_cents = 20000",
    );
    await db.close();
    server = await startServer(PORT_BASE + 25, { DEMO_DATA: "off", DATA_DIR: dataDir });

    // The moderator finds the dispute in their queue (from the account menu) and opens its contract from there.
    await moderator.goto(`${server.url}/dashboard`);
    await moderator.getByRole("button", { name: /Account menu/ }).click();
    await moderator.getByRole("menuitem", { name: "Moderation" }).click();
    await moderator.waitForURL(/\/moderation$/);
    const queued = moderator.locator("[data-disputes] li", { hasText: "Orders to wholesalers are not sent at all." });
    expect(await text(queued)).toContain("raised by the client");
    expect(await text(queued)).toContain("The developer's side: “Orders go out by email; the wholesaler's address in Settings was wrong.”");
    expect(await text(queued)).toMatch(/R12 000(?![,\d])/);
    // Below the disputes, the payout the provider has not started, with its last answer.
    const stuck = moderator.locator("[data-stuck-payouts] li").filter({ has: moderator.getByText("R200", { exact: true }) });
    expect(await text(stuck)).toContain("Capitec Bank ••••");
    expect(await text(stuck)).toContain("Paystack answered 503");
    await moderator.screenshot({ path: `${SHOTS}/moderation-1280.png`, fullPage: true });
    // An action on a report needs a reason: the schema's message under the field (not the browser's
    // bubble), linked to it and announced, the focus moved to it; nothing is sent.
    const reportItem = moderator.locator("li", { hasText: "Asking to pay outside BuildZA" });
    const reasonField = reportItem.getByLabel(/^Reason/);
    const noReason = "Please give a reason (at least 3 characters)";
    expect(await reasonField.getAttribute("required")).toBe(null);
    await reportItem.getByRole("button", { name: /^Dismiss \(/ }).click();
    const reasonError = reportItem.getByRole("alert");
    await poll(() => reasonError.textContent()).toBe(noReason);
    expect(await reasonField.getAttribute("aria-invalid")).toBe("true");
    expect(await reasonField.getAttribute("aria-describedby")).toBe(await reasonError.getAttribute("id"));
    expect(await reasonField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await reportItem.count()).toBe(1);
    await moderator.screenshot({ path: `${SHOTS}/moderation-no-reason-1280.png`, fullPage: true });
    // Without JavaScript the server refuses it the same way, its message by the same field.
    const noScriptModerator = await (
      await browser.newContext({ javaScriptEnabled: false, storageState: await moderator.context().storageState(), viewport: { width: 1280, height: 900 } })
    ).newPage();
    await noScriptModerator.goto(`${server.url}/moderation`);
    const noScriptReport = noScriptModerator.locator("li", { hasText: "Asking to pay outside BuildZA" });
    await noScriptReport.getByLabel(/^Reason/).fill("  ");
    await noScriptReport.getByRole("button", { name: /^Dismiss \(/ }).click();
    await noScriptModerator.waitForLoadState();
    expect(await noScriptReport.getByRole("alert").textContent()).toBe(noReason);
    expect(await noScriptReport.getByLabel(/^Reason/).getAttribute("aria-describedby")).toBe(await noScriptReport.getByRole("alert").getAttribute("id"));
    expect(await noScriptModerator.getByText(noReason).count()).toBe(1);
    await noScriptModerator.context().close();
    // The developer sees it still pending, waiting for the provider.
    await developer.goto(`${server.url}/payouts`);
    expect(await text(stuckRow)).toContain("The payment provider has not started this bank transfer yet.");
    await developer.screenshot({ path: `${SHOTS}/payouts-waiting-390.png`, fullPage: true });
    await moderator.setViewportSize({ width: 390, height: 844 });
    // The queue fits a phone with the long link in a report, and each report's buttons say which report they act on.
    expect(await moderator.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(await reportItem.getByRole("button", { name: /^Dismiss \(.+\)$/ }).count()).toBe(1);
    // Its link to the reported content is a 44 px target (docs/product.md, Look and feel).
    expect((await reportItem.getByRole("link", { name: "Open where it lives" }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await moderator.screenshot({ path: `${SHOTS}/moderation-390.png`, fullPage: true });
    await moderator.setViewportSize({ width: 1280, height: 900 });
    // The provider answers again: Try now hands it to the sender, which looks it up and marks it started.
    await stuck.getByRole("button", { name: "Try now" }).click();
    await poll(() => moderator.getByText("The payout's transfer is being tried again now").isVisible()).toBe(true);
    await poll(async () => {
      await moderator.goto(`${server.url}/moderation`);
      return moderator.locator("[data-stuck-payouts]").count();
    }).toBe(0);
    await developer.goto(`${server.url}/payouts`);
    expect(await text(stuckRow)).not.toContain("has not started");
    await queued.getByRole("link", { name: "Open the contract to resolve" }).click();
    await moderator.waitForURL(/\/contracts\//);
    await milestone(moderator, 2)
      .getByLabel(/Developer's share in rand/)
      .fill("7000");
    await milestone(moderator, 2).getByRole("button", { name: "Resolve dispute" }).click();
    await poll(() => milestone(moderator, 2).getByText("Resolved", { exact: true }).isVisible()).toBe(true);
    const money = await text(moderator.getByRole("complementary"));
    expect(money).toContain("ReleasedR13 000RefundedR5 000"); // released: 6 000 + 7 000; refunded 5 000
    await moderator.screenshot({ path: `${SHOTS}/contract-resolved-1280.png`, fullPage: true });
    // Resolved, it leaves the queue.
    await moderator.goto(`${server.url}/moderation`);
    expect(await text(moderator.locator("#disputes-heading").locator(".."))).toContain("No open disputes.");
    await moderator.close();
    await client.goto(contractUrl);
    // Both sides read how the disputed milestone's money went.
    expect(await text(milestone(client, 2).locator("[data-dispute-outcome]"))).toBe(
      `Resolved by a moderator: ${formatCents(700_000)} released to Sipho Khumalo, ${formatCents(500_000)} refunded to Lerato Dlamini.`.replace(/\s/g, " "),
    );
    await client.getByRole("link", { name: "Spaza shop stock app" }).click();
    await poll(() => client.getByText("Completed", { exact: true }).first().isVisible()).toBe(true);
  });
});

describe("the page CSP with PAYMENTS_PROVIDER=paystack", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Paystack itself is never called here: the address is unreachable on purpose.
    server = await startServer(PORT_BASE + 26, {
      DEMO_DATA: "off",
      PAYMENTS_PROVIDER: "paystack",
      PAYSTACK_SECRET_KEY: "sk_test_e2e",
      PAYSTACK_BASE_URL: "http://127.0.0.1:9",
    });
  });
  afterAll(() => server?.stop());

  it("lets forms lead to Paystack's checkout (the Fund button redirects there), and nowhere else", async () => {
    const res = await fetch(`${server.url}/`);
    await res.body?.cancel();
    const formAction = String(res.headers.get("content-security-policy"))
      .split("; ")
      .find((d) => d.startsWith("form-action"));
    expect(formAction).toBe("form-action 'self' https://checkout.paystack.com");
  });
});
