import { describe, expect, it } from "vitest";
import * as loginRoute from "~/routes/_login.login";
import * as profileRoute from "~/routes/_login.complete-profile";
import * as waiverRoute from "~/routes/_login.waiver";
import * as setPasswordRoute from "~/routes/_login.set-password";
import * as confirmRoute from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import * as bookingPage from "~/routes/_default.account.booking.$bookingId";
import common from "~/locales/en/common.json";
import { funnelSteps, waiverStep } from "~/features/booking/funnel-steps";
import { bookingWorld, bookingUser, createSlot } from "../support/booking";
import { createEmailLinkUser, uniqueEmail } from "../support/identity";
import { args, outcome, pageRequest, sessionFor, signedInUser, loaded, signedInBooking } from "../support/routes";
import { v1 } from "../support/client";

/**
 * The booking funnel (issue 31, items 7 and 8): every page between the details page and the pay
 * page says what is being booked; the pay page and the booking page say until when it can be
 * cancelled for free, in the experience's zone (the API's rule).
 */
const { db, acme } = bookingWorld();

const detailsPath = () => `/experiences/${acme.experienceId}/${acme.serviceId}`;
const confirmPath = (slotId: string, adults = 2) =>
  `${detailsPath()}/confirm?slot=${slotId}&t_${acme.adult.id}=${adults}`;
const deadlineOf = (startsAt: Date) => new Date(startsAt.getTime() - acme.cutoffHours * 3_600_000).toISOString();

function expectedSummary(slot: { id: string; startsAt: Date }, adults = 2) {
  const subtotal = adults * acme.adult.priceMinor;
  return {
    title: acme.experienceTitle,
    option: acme.serviceName,
    startsAt: slot.startsAt.toISOString(),
    timezone: acme.timezone,
    tickets: [{ name: acme.adult.name, quantity: adults }],
    totalMinor: subtotal + Math.round(subtotal * 0.03),
    currency: acme.currency,
    changeUrl: `${detailsPath()}?slot=${slot.id}&t_${acme.adult.id}=${adults}#book`,
    // Acme has a waiver of its own: signed after the marketplace's, a step of its own.
    steps: ["signIn", "details", "platformWaiver", "operatorWaiver", "pay"],
  };
}

describe("the funnel's pages show what is being booked", () => {
  it("/login on the way to the pay page: the summary from the return address; none otherwise, never a 500", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const login = (redirectUrl: string) =>
      outcome(() => loginRoute.loader(args(pageRequest(`/login?${new URLSearchParams({ redirectUrl })}`)) as never));
    const page = await login(confirmPath(slot.id));
    expect(page.status).toBe(200);
    expect(page.data.funnel).toEqual(expectedSummary(slot));
    expect((await login("/account")).data.funnel).toBeNull();
    // A selection that cannot be priced (unknown departure, no tickets, another service's path): no summary.
    for (const redirectUrl of [
      confirmPath("no-such-slot"),
      `${detailsPath()}/confirm?slot=${slot.id}`,
      `/experiences/nope/${acme.serviceId}/confirm?slot=${slot.id}&t_${acme.adult.id}=1`,
    ]) {
      const other = await login(redirectUrl);
      expect(other.status, redirectUrl).toBe(200);
      expect(other.data.funnel, redirectUrl).toBeNull();
    }
  });

  it("/complete-profile and /waiver carry the same summary", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const { cookie } = await signedInUser({ firstName: "Ada" });
    const query = new URLSearchParams({ redirectUrl: confirmPath(slot.id), account: "acme" });
    const profile = await outcome(() =>
      profileRoute.loader(args(pageRequest(`/complete-profile?${query}`, { cookie })) as never),
    );
    expect(profile.data.funnel).toEqual(expectedSummary(slot));
    const waiver = await loaded(waiverRoute, `/waiver?${query}`, cookie);
    expect(waiver.data.funnel).toEqual(expectedSummary(slot));
  });

  it("the two waivers are two steps: the marketplace's (no operator), then the operator's own (issue 39)", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const { cookie } = await signedInUser({ firstName: "Ada", lastName: "Lovelace" });
    const redirectUrl = confirmPath(slot.id);
    const platform = await loaded(waiverRoute, `/waiver?${new URLSearchParams({ redirectUrl })}`, cookie);
    expect(platform.data.step).toBe("platformWaiver");
    const operator = await loaded(
      waiverRoute,
      `/waiver?${new URLSearchParams({ redirectUrl, account: "acme" })}`,
      cookie,
    );
    expect(operator.data.step).toBe("operatorWaiver");
    expect(operator.data.waiver.accountName).not.toBe(platform.data.waiver.accountName);
    // An operator without a waiver of its own: one waiver, one step.
    expect(funnelSteps({ ownWaiver: false })).toEqual(["signIn", "details", "waiver", "pay"]);
    expect(waiverStep(funnelSteps({ ownWaiver: false }), "acme")).toBe("waiver");
  });

  it("/set-password after a first sign-in by link carries it too", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const linkOnly = await createEmailLinkUser();
    await v1.syncUser({ token: linkOnly.idToken, body: {} });
    const cookie = await sessionFor(linkOnly);
    const path = `/set-password?${new URLSearchParams({ redirectUrl: confirmPath(slot.id) })}`;
    const page = await loaded(setPasswordRoute, path, cookie);
    expect(page.data).toMatchObject({ mode: "set", funnel: expectedSummary(slot) });
  });
});

describe("the address is asked for nowhere in the funnel (no booking needs one)", () => {
  it("sign-up without JavaScript and without an address opens the session; a street without a city is told", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const base = {
      intent: "signup",
      password: "a-good-password-1",
      firstName: "Ada",
      lastName: "Lovelace",
      redirectUrl: confirmPath(slot.id),
    };
    const signUp = (form: Record<string, string>) =>
      outcome(() => loginRoute.action(args(pageRequest("/login?view=signup", { form })) as never));
    const result = await signUp({ ...base, email: uniqueEmail("noaddress") });
    expect(result.status).toBe(302);
    expect(result.headers.get("Set-Cookie")).toMatch(/^__session=/);
    const cookie = result.headers.get("Set-Cookie")!.split(";")[0];
    // Only the waiver is left: the profile page has nothing to ask and hands over to it.
    const profile = await loaded(profileRoute, result.location!, cookie);
    expect(profile.location).toBe(`/waiver?${new URLSearchParams({ redirectUrl: confirmPath(slot.id) })}`);

    const half = await signUp({ ...base, email: uniqueEmail("halfaddress"), address: "1 Main St" });
    expect(half.data.result.error).toEqual({ city: ["validation.cityRequired"] });
  });

  it("the words before an emailed link do not promise what follows cannot keep (a new account sets a password)", async () => {
    expect(common.login.emailLinkHint).not.toMatch(/no password needed/i);
    expect(common.login.emailLinkHint).toMatch(/password/i);
    // And indeed: a first sign-in by link must set a password (requiresPasswordSetup).
    const user = await createEmailLinkUser();
    await v1.syncUser({ token: user.idToken, body: {} });
    const info = await v1.userInfo({ token: user.idToken });
    expect(info.body.data.requiresPasswordSetup).toBe(true);
  });
});

describe("the free-cancellation deadline", () => {
  it("the pay page: the departure in its zone, the deadline, the change link with the same selection", async () => {
    const slot = await createSlot(db(), acme.serviceId, { startsInHours: 72 });
    const cookie = await sessionFor(await bookingUser(acme));
    const params = { parentId: acme.experienceId, serviceId: acme.serviceId };
    const page = await outcome(() =>
      confirmRoute.loader(args(pageRequest(confirmPath(slot.id), { cookie }), params) as never),
    );
    expect(page.status).toBe(200);
    expect(page.data.slot).toEqual({ id: slot.id, startsAt: slot.startsAt.toISOString(), timezone: acme.timezone });
    expect(page.data.quote.freeCancellationUntil).toBe(deadlineOf(slot.startsAt));
    expect(page.data.changeUrl).toBe(expectedSummary(slot).changeUrl);
    expect(page.data.experience.meetingPoint).toBeTruthy();
    expect(page.data.experience.operator.name).toBeTruthy();

    const soon = await createSlot(db(), acme.serviceId, { startsInHours: acme.cutoffHours - 2 });
    const late = await outcome(() =>
      confirmRoute.loader(args(pageRequest(confirmPath(soon.id), { cookie }), params) as never),
    );
    expect(late.data.quote.freeCancellationUntil).toBeNull();
  });

  it("the booking page says the same deadline", async () => {
    const { slot, booking, cookie } = await signedInBooking(db(), acme, 1, { startsInHours: 72 });
    const path = `/account/booking/${booking.id}`;
    const page = await outcome(() =>
      bookingPage.loader(args(pageRequest(path, { cookie }), { bookingId: booking.id }) as never),
    );
    expect(page.data.booking.freeCancellationUntil).toBe(deadlineOf(slot.startsAt));
  });
});
