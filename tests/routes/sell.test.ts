import { describe, expect, it } from "vitest";
import * as sell from "~/routes/_default.sell";
import * as slugCheck from "~/routes/sell.slug";
import * as account from "~/routes/_account.account._index";
import { identityWorld } from "../support/identity";
import { applicationForm } from "../support/platform-admin";
import { args, flashOf, loaded, outcome, pageRequest, posted, signedInUser } from "../support/routes";
import { ACME } from "../support/console-routes";

identityWorld();

/** The form's field errors of an action's answer (locale keys by field; "" the form's own). */
const errorsOf = (answer: { data: { result?: { error?: Record<string, string[]> } } }) =>
  answer.data.result?.error ?? {};

describe("/sell: Sell your experiences", () => {
  it("is the marketplace's only: a storefront host answers 404, even to a signed-in user", async () => {
    const { cookie } = await signedInUser();
    const onStorefront = await outcome(() => sell.loader(args(pageRequest("/sell", { cookie, host: ACME })) as never));
    expect(onStorefront.status).toBe(404);
    const posting = await outcome(() =>
      sell.action(
        args(pageRequest("/sell", { cookie, host: ACME, form: applicationForm("storefront-post") })) as never,
      ),
    );
    expect(posting.status).toBe(404);
  });

  it("sends a signed-out visitor to sign in, and back", async () => {
    const answer = await outcome(() => sell.loader(args(pageRequest("/sell")) as never));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectUrl=%2Fsell");
  });

  it("shows a new user the form: the field rules for the browser, the storefront's domain, their email as contact", async () => {
    const { user, cookie } = await signedInUser();
    const page = await loaded(sell, "/sell", cookie);
    expect(page.status).toBe(200);
    expect(page.data.application).toBeNull();
    expect(page.data.storefrontDomain).toBe("app.localhost:3000");
    expect(page.data.contactEmail).toBe(user.email);
    expect(page.data.constraint.slug).toMatchObject({ required: true, maxLength: 40 });
    expect(page.data.options.currencies).toContainEqual({ value: "EUR", label: "EUR — Euro" });
  });

  it("refuses a form its rules refuse (every field said), without calling the API", async () => {
    const { cookie } = await signedInUser();
    const empty = await posted(sell, "/sell", cookie, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(errorsOf(empty)).sort()).toEqual(
      ["businessName", "contactEmail", "contactPhone", "country", "currency", "description", "slug", "timezone"].sort(),
    );
    const bad = await posted(
      sell,
      "/sell",
      cookie,
      applicationForm("admin", { currency: "XXQ", timezone: "Mars/Olympus", website: "ftp://x.example" }),
    );
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual({
      slug: ["validation.operatorSlugReserved"],
      currency: ["validation.currencyInvalid"],
      timezone: ["validation.timeZoneInvalid"],
      website: ["validation.websiteInvalid"],
    });
    const badSlug = await posted(sell, "/sell", cookie, applicationForm("-Bad slug-"));
    expect(errorsOf(badSlug)).toEqual({ slug: ["validation.operatorSlugInvalid"] });
    // Nothing was sent.
    expect((await loaded(sell, "/sell", cookie)).data.application).toBeNull();
  });

  it("says a taken address on its field (the API's slug_taken), the typed values kept", async () => {
    const { cookie } = await signedInUser();
    const taken = await posted(sell, "/sell", cookie, applicationForm("acme"));
    expect(taken.status).toBe(409);
    expect(errorsOf(taken)).toEqual({ slug: ["apiErrors.slug_taken"] });
    expect(taken.data.result.initialValue).toMatchObject({ businessName: "Lisbon Food Walks", slug: "acme" });
  });

  it("sends the application (a native post), then shows its status instead of the form; one open application per user", async () => {
    const { cookie } = await signedInUser();
    const sent = await posted(sell, "/sell", cookie, applicationForm("sell-test-walks"));
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/sell");
    expect(flashOf(sent.headers)).toBe('"sell.sent"');

    const page = await loaded(sell, "/sell", cookie);
    expect(page.data.application).toMatchObject({
      status: "pending",
      slug: "sell-test-walks",
      businessName: "Lisbon Food Walks",
      consoleUrl: null,
    });
    const home = await loaded(account, "/account", cookie);
    expect(home.data.application).toMatchObject({ status: "pending", slug: "sell-test-walks" });

    // A second one (a page kept open, a replayed post): the API's refusal as the form's message.
    const again = await posted(sell, "/sell", cookie, applicationForm("sell-test-walks-two"));
    expect(again.status).toBe(409);
    expect(errorsOf(again)).toEqual({ "": ["apiErrors.application_open"] });

    // Another user may not ask for the address a pending application holds.
    const other = await signedInUser();
    const clash = await posted(sell, "/sell", other.cookie, applicationForm("sell-test-walks"));
    expect(errorsOf(clash)).toEqual({ slug: ["apiErrors.slug_taken"] });
  });

  it("refuses a post from another site (403) before reading it", async () => {
    const { cookie } = await signedInUser();
    const request = pageRequest("/sell", {
      cookie,
      form: applicationForm("cross-site-walks"),
      origin: "https://evil.example",
    });
    const answer = await outcome(() => sell.action(args(request) as never));
    expect(answer.status).toBe(403);
    expect((await loaded(sell, "/sell", cookie)).data.application).toBeNull();
  });

  it("checks an address as it is typed: its format and reserved names by the rule, taken by the API", async () => {
    const { cookie } = await signedInUser();
    const check = async (slug: string) =>
      (await loaded(slugCheck, `/sell/slug?${new URLSearchParams({ slug })}`, cookie)).data;
    expect(await check("acme")).toEqual({ slug: "acme", available: false, reason: "taken" });
    expect(await check("Admin")).toEqual({ slug: "admin", available: false, reason: "reserved" });
    expect(await check("ab")).toEqual({ slug: "ab", available: false, reason: "invalid" });
    expect(await check("free-walks-of-porto")).toEqual({ slug: "free-walks-of-porto", available: true, reason: null });
    const signedOut = await outcome(() => slugCheck.loader(args(pageRequest("/sell/slug?slug=acme")) as never));
    expect(signedOut.status).toBe(302);
  });
});
