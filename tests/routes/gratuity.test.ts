import { describe, expect, it } from "vitest";
import * as gratuityRoute from "~/routes/_external.gratuity.$accessKey";
import { seedDbForThisFile } from "../support/api";
import { bookingUser, confirmedBooking, createSlot, findService, pay, sessionIdOf } from "../support/booking";
import { withEmulatorUsers } from "../support/identity";
import { args, outcome, pageRequest } from "../support/routes";
import { TIP_LOOKUPS_PER_ADDRESS } from "~api/tips/routes";
import { v1 } from "../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();

/** A completed booking's tip link, as the post-trip email carries it (the test clock only moves forward). */
async function tipKey(): Promise<string> {
  const service = await findService(db());
  const ahead = (Date.parse((await v1.devClock()).body.data.now) - Date.now()) / 3_600_000;
  const slot = await createSlot(db(), service.serviceId, { startsInHours: ahead + 20, durationMinutes: 60 });
  const guest = await bookingUser(service);
  await confirmedBooking(guest, service, slot.id);
  await v1.moveDevClock({ body: { now: new Date(slot.endsAt.getTime() + 31 * 60_000).toISOString() } });
  const mail = (await v1.devOutbox({ query: { to: guest.email, limit: "50" } })).body.data.find(
    (message: { kind: string }) => message.kind === "tip_request",
  );
  return /\/gratuity\/([A-Za-z0-9_-]{32})/.exec(mail.textBody)![1];
}

const load = (key: string, query = "") =>
  outcome(() => gratuityRoute.loader(args(pageRequest(`/gratuity/${key}${query}`), { accessKey: key }) as never));
const post = (key: string, form: Record<string, string>, origin?: string | null) =>
  outcome(() =>
    gratuityRoute.action(args(pageRequest(`/gratuity/${key}`, { form, origin }), { accessKey: key }) as never),
  );

describe("/gratuity/{accessKey}", () => {
  it("past the API's per-address limit: the 429 page with Retry-After, not a 500 (issue 39 item 16)", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const key = "k".repeat(32);
    const at = () =>
      outcome(() =>
        gratuityRoute.loader(
          args(pageRequest(`/gratuity/${key}`, { headers: { "X-Forwarded-For": ip } }), { accessKey: key }) as never,
        ),
      );
    for (let i = 0; i < TIP_LOOKUPS_PER_ADDRESS; i++) expect((await at()).status).toBe(404);
    const limited = await at();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("shows the trip and the presets without sign-in, sends the guest to pay, then thanks them", async () => {
    const key = await tipKey();
    const page = await load(key);
    expect(page.status).toBe(200);
    expect(page.data.page.tip).toBeNull();
    expect(page.data.page.presets.map((preset: { percent: number }) => preset.percent)).toEqual([15, 18, 20]);
    expect(page.data.constraint.choice).toMatchObject({ required: true });

    expect((await post(key, { choice: "custom", custom: "lots" })).status).toBe(400);
    expect((await post(key, { choice: "custom", custom: "0.5" })).status).toBe(422);
    expect((await post(key, { choice: "500" }, "https://evil.example")).status).toBe(403);
    const eighteen = String(page.data.page.presets[1].amountMinor);
    const started = await post(key, { choice: eighteen });
    expect(started.status).toBe(302);
    expect(started.location).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    expect((await pay(sessionIdOf(started.location!))).status).toBe(200);

    const thanked = await load(key, "?paid=1");
    expect(thanked.data.page.tip).toMatchObject({ status: "paid", amountMinor: Number(eighteen) });
    const again = await post(key, { choice: "custom", custom: "12.50" });
    expect(again.status).toBe(409);
    expect(again.data.result.error[""]).toEqual(["apiErrors.tip_already_given"]);
  });

  it("back from paying while the tip is still being confirmed, the page refreshes itself (no JavaScript needed), then stops", async () => {
    const key = await tipKey();
    const started = await post(key, { choice: "500" });
    expect(started.status).toBe(302);
    const refreshOf = (loaded: Awaited<ReturnType<typeof load>>) =>
      gratuityRoute
        .meta({ data: loaded.data, matches: [] } as never)
        .find((tag) => "httpEquiv" in tag && tag.httpEquiv === "refresh") as { content: string } | undefined;

    // Not confirmed yet (as while a payment event is on its way): "confirming", and the page asks again.
    const confirming = await load(key, "?paid=1");
    expect(confirming.data).toMatchObject({ returned: true, gaveUp: false, page: { tip: { status: "pending" } } });
    expect(refreshOf(confirming)?.content).toBe(`3;url=/gratuity/${key}?paid=1&check=1`);
    expect(refreshOf(await load(key, "?paid=1&check=7"))?.content).toBe(`3;url=/gratuity/${key}?paid=1&check=8`);
    // Not forever: after 20 checks it says to come back later.
    const tired = await load(key, "?paid=1&check=20");
    expect(tired.data.gaveUp).toBe(true);
    expect(refreshOf(tired)).toBeUndefined();
    // No refresh on a plain visit, nor once the tip is paid.
    expect(refreshOf(await load(key))).toBeUndefined();
    expect((await pay(sessionIdOf(started.location!))).status).toBe(200);
    const settled = await load(key, "?paid=1&check=3");
    expect(settled.data.page.tip).toMatchObject({ status: "paid" });
    expect(refreshOf(settled)).toBeUndefined();
  });

  it("an unknown or malformed key is the 404 page", async () => {
    for (const key of ["A".repeat(32), "short", "x".repeat(129)]) {
      const page = await load(key);
      expect(page.status).toBe(404);
      expect(page.data).toBe(`Page Not Found: /gratuity/${key}`);
    }
  });
});
