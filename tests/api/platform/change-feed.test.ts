import { beforeAll, describe, expect, it } from "vitest";
import { app } from "~api/app";
import { closeChanges, followChanges, hearingEveryProcess } from "~api/changes/feed";
import { runDueWork } from "~api/jobs/due-work";
import { CHANGED_HEADER, type ChangeTopic } from "~contract/system/changes";
import { bookingWorld, bookingBody, bookingUser, createSlot, expireHoldNow, placeBooking } from "../../support/booking";
import { type TestUser } from "../../support/identity";
import { v1 } from "../../support/client";

/**
 * What the API says a write changed (contract/system/changes.ts): on the write's answer and on its change
 * feed, exactly as the endpoint declares it, and nothing for a write that changes nothing.
 */
const { db, acme } = bookingWorld();

let guest: TestUser;
beforeAll(async () => {
  guest = await bookingUser(acme);
});

/** What this process's feed announces while `work` runs (after the bus, if any, hears the others). */
async function heardDuring(work: () => Promise<void>): Promise<ChangeTopic[][]> {
  await hearingEveryProcess();
  const heard: ChangeTopic[][] = [];
  const stop = followChanges((topics) => heard.push([...topics]));
  try {
    await work();
  } finally {
    stop();
  }
  return heard;
}

describe("a write's changes", () => {
  it("a quote and a refused booking name nothing; a booking names the seats and the guest's kept facts, on its answer and on the feed", async () => {
    const slot = await createSlot(db(), acme.serviceId, { capacity: 4 });
    const heard = await heardDuring(async () => {
      const quote = await v1.quote({ body: bookingBody(acme, slot.id, 2) });
      expect(quote.status).toBe(200);
      expect(quote.headers.get(CHANGED_HEADER)).toBeNull();
      const refused = await placeBooking(guest.idToken, bookingBody(acme, slot.id, 5));
      expect(refused.status).toBe(409);
      expect(refused.headers.get(CHANGED_HEADER)).toBeNull();
      const placed = await placeBooking(guest.idToken, bookingBody(acme, slot.id, 2));
      expect(placed.status).toBe(201);
      expect(placed.headers.get(CHANGED_HEADER)).toBe("seats, user");
    });
    expect(heard).toEqual([["seats", "user"]]);
  });

  it("a user's own write names the user, not the catalog or the seats", async () => {
    const heard = await heardDuring(async () => {
      const renamed = await v1.updateName({ token: guest.idToken, body: { firstName: "Grace", lastName: "Hopper" } });
      expect(renamed.status).toBe(200);
      expect(renamed.headers.get(CHANGED_HEADER)).toBe("user");
    });
    expect(heard).toEqual([["user"]]);
  });

  it("the sweep that expires holds announces the seats they free", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const placed = await placeBooking(guest.idToken, bookingBody(acme, slot.id, 1));
    expect(placed.status).toBe(201);
    await expireHoldNow(db(), placed.body.data.booking.id);
    const heard = await heardDuring(async () => {
      expect((await runDueWork(db())).expired).toBeGreaterThanOrEqual(1);
    });
    expect(heard).toContainEqual(["seats"]);
  });
});

/** Reads Server-Sent Events from a stream, one block (up to a blank line) at a time. */
function eventReader(answer: Response) {
  const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  return {
    async next(): Promise<{ event: string; data: string } | null> {
      for (;;) {
        const end = buffered.indexOf("\n\n");
        if (end !== -1) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) return { event, data: /^data: (.*)$/m.exec(block)?.[1] ?? "" };
          continue;
        }
        const { done, value } = await reader.read();
        if (done) return null;
        buffered += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe("GET /v1/changes", () => {
  it("streams `ready`, then what each write changes, until the process stops", async () => {
    const slot = await createSlot(db(), acme.serviceId);
    const answer = await app.fetch(new Request("http://localhost/v1/changes"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const events = eventReader(answer);
    let event = await events.next();
    while (event && event.event !== "ready") event = await events.next();
    expect(event).toEqual({ event: "ready", data: "{}" });

    expect((await v1.quote({ body: bookingBody(acme, slot.id, 1) })).status).toBe(200);
    expect((await placeBooking(guest.idToken, bookingBody(acme, slot.id, 1))).status).toBe(201);
    // The quote said nothing: the next event is the booking's.
    expect(await events.next()).toEqual({ event: "changes", data: JSON.stringify({ topics: ["seats", "user"] }) });

    await closeChanges();
    expect(await events.next()).toBeNull();
  });

  it("answers 405 to anything but GET", async () => {
    const answer = await app.fetch(new Request("http://localhost/v1/changes", { method: "POST" }));
    expect(answer.status).toBe(405);
  });
});
