import { describe, expect, it } from "vitest";
import * as rootRoute from "~/root";
import * as personalInfoRoute from "~/routes/_default.account.personal-info";
import * as securityRoute from "~/routes/_default.account.security";
import * as homeRoute from "~/routes/_home.$";
import * as detailsRoute from "~/routes/_details.experiences.$parentId.$serviceId._index";
import * as gratuityRoute from "~/routes/_external.gratuity.$accessKey";
import * as referralRoute from "~/routes/_external.referral.$code";
import * as localesRoute from "~/routes/locales.$lng";
import * as devJobsRoute from "~/routes/_plain.dev.jobs";
import * as mailboxRoute from "~/routes/_plain.dev.mailbox";
import * as mailboxAttachmentRoute from "~/routes/dev.mailbox.$messageId.attachments.$index";
import { enqueueEmail } from "~api/outbox/service";
import { NO_SUCH_ID, seedDbForThisFile } from "../support/api";
import { findService } from "../support/booking";
import { withEmulatorUsers } from "../support/identity";
import { args, outcome, pageRequest, signedInUser } from "../support/routes";

const { db } = seedDbForThisFile();
withEmulatorUsers();

describe("account pages show the signed-in user's own facts", () => {
  const PROFILE = { firstName: "Ada", lastName: "Lovelace", phone: "+15551234567" };
  it.each([
    // /account shows the root's user (its own loader adds the invitation).
    ["/account", rootRoute.loader, (data: any) => data.user.firstName], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["/account/personal-info", personalInfoRoute.loader, (data: any) => data.info.firstName], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["/account/security", securityRoute.loader, (data: any) => data.signInMethods.join()], // eslint-disable-line @typescript-eslint/no-explicit-any
  ] as const)("%s", async (path, loader, fact) => {
    const { cookie } = await signedInUser(PROFILE);
    const page = await outcome(() => loader(args(pageRequest(path, { cookie })) as never));
    expect(page.status).toBe(200);
    expect(fact(page.data)).toBe(path === "/account/security" ? "password" : "Ada");
    const anonymous = await outcome(() => loader(args(pageRequest(path)) as never));
    expect(anonymous.location).toBe(`/login?${new URLSearchParams({ redirectUrl: path })}`);
  });
});

describe("the catalog pages", () => {
  it("/ lists experiences and filters by text; a category slug is its slice; an unknown slug is 404", async () => {
    const all = await outcome(() => homeRoute.loader(args(pageRequest("/"), {}) as never));
    expect(all.data.page.total).toBeGreaterThan(20);
    const searched = await outcome(() => homeRoute.loader(args(pageRequest("/?q=kayak"), {}) as never));
    expect(searched.data.page.total).toBeGreaterThan(0);
    expect(searched.data.page.total).toBeLessThan(all.data.page.total);
    const category = all.data.facets.categories[0].slug as string;
    const slice = await outcome(() => homeRoute.loader(args(pageRequest(`/${category}`), { "*": category }) as never));
    expect(slice.data.page.items.every((item: { category: { slug: string } }) => item.category.slug === category)).toBe(
      true,
    );
    const unknown = await outcome(() =>
      homeRoute.loader(args(pageRequest("/nope-nope"), { "*": "nope-nope" }) as never),
    );
    expect(unknown).toMatchObject({ status: 404, data: "Page not found: /nope-nope" });
    const withQuery = await outcome(() =>
      homeRoute.loader(args(pageRequest("/nope-nope?utm_source=x&y=1"), { "*": "nope-nope" }) as never),
    );
    expect(withQuery).toMatchObject({ status: 404, data: "Page not found: /nope-nope?utm_source=x&y=1" });

    // A price range the wrong way round is a message beside the fields, the catalog shown unfiltered.
    const reversed = await outcome(() => homeRoute.loader(args(pageRequest("/?minPrice=90&maxPrice=10")) as never));
    expect(reversed.status).toBe(200);
    expect(reversed.data.priceRangeInvalid).toBe(true);
    expect(reversed.data.page.total).toBe(all.data.page.total);
    // A page past the end goes to the last page, the other filters kept.
    const past = await outcome(() => homeRoute.loader(args(pageRequest("/?q=tour&page=999")) as never));
    expect(past.status).toBe(302);
    expect(past.location).toMatch(/^\/\?q=tour&page=\d+$/);
  });

  it("a details page has the service and its availability; bad or unknown ids are the spec's 404", async () => {
    const acme = await findService(db(), "acme");
    const params = { parentId: acme.experienceId, serviceId: acme.serviceId };
    const path = `/experiences/${acme.experienceId}/${acme.serviceId}`;
    const page = await outcome(() => detailsRoute.loader(args(pageRequest(path), params) as never));
    expect(page.data.service.id).toBe(acme.serviceId);
    expect(page.data.availability.days.length).toBeGreaterThan(0);
    const unknown = await outcome(() =>
      detailsRoute.loader(
        args(pageRequest(`/experiences/nope/${acme.serviceId}`), { ...params, parentId: "nope" }) as never,
      ),
    );
    expect(unknown).toMatchObject({ status: 404, data: `Page Not Found: /experiences/nope/${acme.serviceId}` });
    const malformed = await outcome(() =>
      detailsRoute.loader(args(pageRequest("/experiences/a%20b/x"), { parentId: "a b", serviceId: "x" }) as never),
    );
    expect(malformed.status).toBe(404);
  });
});

describe("tip and referral links", () => {
  it("an unknown key or code is a 404 page", async () => {
    const tip = await outcome(() =>
      gratuityRoute.loader(args(pageRequest("/gratuity/abc"), { accessKey: "abc" }) as never),
    );
    expect(tip.status).toBe(404);
    const referral = await outcome(() =>
      referralRoute.loader(args(pageRequest("/referral/abc"), { code: "abc" }) as never),
    );
    expect(referral.status).toBe(404);
  });
});

describe("the locale strings file every page names", () => {
  it("answers the current version for good, another version briefly, an unknown language 404", async () => {
    const { translationFor } = await import("~/platform/i18next.server");
    const { stringsHref, version, t } = translationFor("en");
    expect(stringsHref).toBe(`/locales/en?v=${version}`);
    const current = await localesRoute.loader(args(pageRequest(stringsHref), { lng: "en" }) as never);
    expect(current.status).toBe(200);
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(current.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const strings = await current.json();
    expect(strings.app.name).toBe(t("app.name"));
    const old = await localesRoute.loader(args(pageRequest("/locales/en?v=old"), { lng: "en" }) as never);
    expect(old.headers.get("Cache-Control")).toBe("public, max-age=300");
    const unknown = await localesRoute.loader(args(pageRequest("/locales/xx"), { lng: "xx" }) as never);
    expect(unknown.status).toBe(404);
  });
});

describe("the dev mailbox", () => {
  it("filters by recipient; a filter no address can be (a NUL byte) is a 400 page, not a 500", async () => {
    const all = await outcome(() =>
      mailboxRoute.loader(args(pageRequest("/dev/mailbox?to=ann%40example.com")) as never),
    );
    expect(all.status).toBe(200);
    expect(all.data.to).toBe("ann@example.com");
    for (const to of ["a%00b", "%00"]) {
      const bad = await outcome(() => mailboxRoute.loader(args(pageRequest(`/dev/mailbox?to=${to}`)) as never));
      expect(bad.status, to).toBe(400);
      expect(bad.data).toMatch(/characters/);
    }
  });
});

describe("the dev mailbox's messages", () => {
  it("lists each message's HTML, text and attachments (name, type, size); an attachment downloads", async () => {
    const to = `files-${Date.now()}@example.com`;
    const ics = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
    const { message } = await enqueueEmail(db(), {
      to,
      subject: "With a file",
      text: "The text version",
      html: "<p>The HTML version</p>",
      attachments: [
        { name: "Trip “1”.ics", contentType: "text/calendar", content: Buffer.from(ics).toString("base64") },
      ],
      kind: "test",
    });
    const page = await outcome(() =>
      mailboxRoute.loader(args(pageRequest(`/dev/mailbox?to=${encodeURIComponent(to)}`)) as never),
    );
    expect(page.status).toBe(200);
    expect(page.data.messages).toHaveLength(1);
    expect(page.data.messages[0]).toMatchObject({
      htmlBody: "<p>The HTML version</p>",
      textBody: "The text version",
      attachments: [{ name: "Trip “1”.ics", contentType: "text/calendar", size: Buffer.byteLength(ics) }],
    });
    // The page lists the files; their content is fetched on its own.
    expect(JSON.stringify(page.data)).not.toContain(Buffer.from(ics).toString("base64"));

    const path = `/dev/mailbox/${message.id}/attachments/0`;
    const file = (await mailboxAttachmentRoute.loader(
      args(pageRequest(path), { messageId: message.id, index: "0" }) as never,
    )) as Response;
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(ics);
    expect(file.headers.get("Content-Type")).toBe("text/calendar");
    expect(file.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"Trip _1_.ics\"; filename*=UTF-8''Trip%20%E2%80%9C1%E2%80%9D.ics",
    );
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    for (const params of [
      { messageId: message.id, index: "1" },
      { messageId: NO_SUCH_ID, index: "0" },
      { messageId: "not-a-uuid", index: "0" },
      { messageId: message.id, index: "-1" },
    ]) {
      const missing = await outcome(() => mailboxAttachmentRoute.loader(args(pageRequest(path), params) as never));
      expect(missing.status, JSON.stringify(params)).toBe(404);
    }
  });
});

describe("the dev jobs page", () => {
  it("shows the runner and the clock; moves the clock from a same-origin form only", async () => {
    const page = await outcome(() => devJobsRoute.loader(args(pageRequest("/dev/jobs")) as never));
    expect(page.status).toBe(200);
    expect(page.data.jobs.clock.offsetMinutes).toBe(0);
    expect(page.data.jobs.running).toBe(false);
    const moved = await outcome(() =>
      devJobsRoute.action(args(pageRequest("/dev/jobs", { form: { minutes: "30" } })) as never),
    );
    expect(moved.status).toBe(200);
    expect(moved.data.ran).toMatchObject({ expired: expect.any(Number), reminders: expect.any(Number) });
    const after = await outcome(() => devJobsRoute.loader(args(pageRequest("/dev/jobs")) as never));
    expect(after.data.jobs.clock.offsetMinutes).toBe(30);
    const bad = await outcome(() =>
      devJobsRoute.action(args(pageRequest("/dev/jobs", { form: { minutes: "-1" } })) as never),
    );
    expect(bad.status).toBe(400);
    const foreign = await outcome(() =>
      devJobsRoute.action(
        args(pageRequest("/dev/jobs", { form: { minutes: "5" }, origin: "https://evil.example" })) as never,
      ),
    );
    expect(foreign.status).toBe(403);
  });
});
