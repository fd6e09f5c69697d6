import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { origin } from "./helpers";

export const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"}`;
export const PROJECT = process.env.FIREBASE_PROJECT_ID ?? "demo-wayfarer";
const IDENTITY = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;

let counter = 0;
export function uniqueEmail(tag: string) {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = "trail-mix-42";

/** An account made in the Auth emulator (no profile yet); its ID token. */
export async function signUpWithPassword(request: APIRequestContext, email: string, password = PASSWORD) {
  const signUp = await request.post(`${IDENTITY}/accounts:signUp?key=demo-api-key`, {
    data: { email, password, returnSecureToken: true },
  });
  expect(signUp.ok()).toBeTruthy();
  return ((await signUp.json()) as { idToken: string }).idToken;
}

/**
 * A user who exists with a complete profile and a signed waiver (made through the emulator and our
 * API); `operators`: also each of these operators' waivers, for booking with them;
 * `platformWaiver: false`: the marketplace's waiver left to sign on screen.
 */
export async function createCompleteUser(
  request: APIRequestContext,
  email = uniqueEmail("ready"),
  password = PASSWORD,
  { operators = [], platformWaiver = true }: { operators?: string[]; platformWaiver?: boolean } = {},
) {
  const idToken = await signUpWithPassword(request, email, password);
  const auth = { Authorization: `Bearer ${idToken}` };
  const sync = await request.patch(`${origin()}/v1/user/sync`, {
    headers: auth,
    data: {
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+15551234567",
      location: { address: "1 Main St", city: "Springfield", state: "IL", zipcode: "62701" },
    },
  });
  expect(sync.ok()).toBeTruthy();
  // The marketplace's waiver, then each operator's (asked for in that operator's account context).
  const platform = platformWaiver ? [{}] : [];
  for (const account of [...platform, ...operators.map((slug) => ({ "X-Account-Context": slug }))]) {
    const headers = { ...auth, ...account };
    const waiver = await (await request.get(`${origin()}/v1/user/waiver`, { headers })).json();
    const signed = await request.post(`${origin()}/v1/user/waiver/sign`, {
      headers,
      data: { signedName: "Ada Lovelace", agree: true, textVersion: waiver.data.textVersion },
    });
    expect(signed.ok()).toBeTruthy();
  }
  return { email, password, idToken };
}

/** A user who has only ever signed in with an emailed link (no password), through the emulator's REST API. */
export async function createEmailLinkUser(request: APIRequestContext, email = uniqueEmail("link")) {
  const sent = await request.post(`${IDENTITY}/accounts:sendOobCode?key=demo-api-key`, {
    headers: { Authorization: "Bearer owner" },
    data: { requestType: "EMAIL_SIGNIN", email, returnOobLink: true, continueUrl: `${origin()}/set-password` },
  });
  expect(sent.ok()).toBeTruthy();
  const oobCode = new URL((await sent.json()).oobLink).searchParams.get("oobCode");
  const signedIn = await request.post(`${IDENTITY}/accounts:signInWithEmailLink?key=demo-api-key`, {
    data: { email, oobCode },
  });
  expect(signedIn.ok()).toBeTruthy();
  return { email };
}

/** The newest message for an address in the dev outbox, and the first link in it. */
export async function latestMail(request: APIRequestContext, to: string) {
  let message: { subject: string; textBody: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${origin()}/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      message = (await response.json()).data[0];
      return Boolean(message);
    })
    .toBe(true);
  const link = /https?:\/\/\S+/.exec(message!.textBody)?.[0];
  return { ...message!, link: link! };
}

export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel("Email").first().fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs the waiver on screen with `name`, by default the profile's full name the page asks for. */
export async function signWaiver(page: Page, name?: string) {
  await expect(page).toHaveURL(/\/waiver/);
  // "Read the waiver below" comes before the waiver's text, not under it.
  await expect(page.getByLabel("Your full name")).toBeVisible();
  const instructionFirst = await page.evaluate(() => {
    const instruction = [...document.querySelectorAll("main p")].find((p) =>
      p.textContent?.startsWith("Please read the waiver below"),
    );
    const text = document.querySelector('main [role="region"]');
    return Boolean(instruction && text && instruction.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(instructionFirst).toBe(true);
  const hint = await page.getByText(/^As in your profile: /).textContent();
  await page.getByLabel("Your full name").fill(name ?? hint!.replace(/^As in your profile: /, ""));
  await page.getByLabel("I have read and agree to this waiver").check();
  await page.getByRole("button", { name: "Sign waiver" }).click();
}

/** Completes whatever the profile step asks for (names; an address in Lisbon if one were asked: any country's format is taken). */
export async function completeProfile(page: Page) {
  await expect(page).toHaveURL(/\/complete-profile/);
  // After a client-side navigation (a popup sign-in) the address changes before React has rendered
  // the new page (navigations are transitions): until the profile form is there, the fields below
  // would be looked for in the page before it, found missing and skipped. Wait for the form itself.
  const save = page.getByRole("button", { name: "Save and continue" });
  await expect(save).toBeVisible();
  const fill = async (label: string, value: string) => {
    const field = page.getByLabel(label, { exact: true });
    if (!(await field.count())) return;
    await field.fill(value);
    await expect(field).toHaveValue(value);
  };
  await fill("First name", "Grace");
  await fill("Last name", "Hopper");
  await fill("Street address", "Rua Augusta 24");
  await fill("City", "Lisboa");
  await fill("Postal code (optional)", "1100-048");
  const country = page.getByLabel("Country", { exact: true });
  if (await country.count()) await country.selectOption("PT");
  await save.click();
}

/** Fills the sign-up form (its five fields) and posts it. */
export async function signUpWith(page: Page, email: string, [firstName, lastName]: [string, string], phone: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Mobile phone (US, optional)").fill(phone);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}
