import { describe, expect, it } from "vitest";
import * as gratuityRoute from "~/routes/_external.gratuity.$accessKey";
import { api, seedDbForThisFile } from "../api/helpers/api";
import { bookingUser, confirmedBooking, createSlot, findService, pay, sessionIdOf } from "../api/helpers/booking";
import { call, withEmulatorUsers } from "../api/helpers/identity";
import { args, outcome, pageRequest } from "./helpers";

const { db } = seedDbForThisFile();
withEmulatorUsers();

/** A completed booking's tip link, as the post-trip email carries it. */
async function tipKey(): Promise<string> {
  const service = await findService(db());
  const slot = await createSlot(db(), service.serviceId, { startsInHours: 20, durationMinutes: 60 });
  const guest = await bookingUser(service);
  await confirmedBooking(guest, service, slot.id);
  await call("/v1/dev/clock", { body: { now: new Date(slot.endsAt.getTime() + 31 * 60_000).toISOString() } });
  const mail = (await api(`/v1/dev/outbox?to=${encodeURIComponent(guest.email)}&limit=50`)).body.data.find(
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
    expect(again.data.error[""]).toEqual(["apiErrors.tip_already_given"]);
  });

  it("an unknown or malformed key is the 404 page", async () => {
    for (const key of ["A".repeat(32), "short", "x".repeat(129)]) {
      const page = await load(key);
      expect(page.status).toBe(404);
      expect(page.data).toBe(`Page Not Found: /gratuity/${key}`);
    }
  });
});
