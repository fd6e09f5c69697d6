// Issue 39 item 17: the console's forms refuse a foreign Origin whatever X-Forwarded-Host a client
// sends without a trusted proxy in front, and an Origin of another scheme on the same host.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as page from "~/routes/_console.console.branding";
import { seedDbForThisFile } from "../support/api";
import { withEmulatorUsers } from "../support/identity";
import { ACME, memberOf } from "../support/console-routes";
import { args, outcome, pageRequest } from "../support/routes";
import { v1 } from "../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();

const PATH = "/console/branding";
const save = (cookie: string, name: string, headers: Record<string, string>, origin: string) =>
  outcome(() =>
    page.action(
      args(
        pageRequest(PATH, {
          cookie,
          host: ACME,
          origin,
          headers,
          form: { intent: "save", name, tagline: "t", primaryColor: "#1d4ed8", previousColor: "#1d4ed8" },
        }),
      ) as never,
    ),
  );
const draftName = async () => (await v1.accountContext({ params: { slug: "acme" }, account: "acme" })).body.data;

describe("cross-site form posts to the console (TRUST_PROXY=0)", () => {
  let before: string | undefined;
  beforeEach(() => {
    before = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = "0";
  });
  afterEach(() => {
    process.env.TRUST_PROXY = before;
  });

  it("a foreign Origin with a matching X-Forwarded-Host, or https on an http host, is 403 and saves nothing", async () => {
    const { cookie } = await memberOf(db(), "owner");
    const published = JSON.stringify(await draftName());
    const forged = await save(cookie, "Evil Co", { "X-Forwarded-Host": "evil.example" }, "http://evil.example");
    expect(forged.status).toBe(403);
    const otherScheme = await save(cookie, "Evil Co", {}, `https://${ACME}`);
    expect(otherScheme.status).toBe(403);
    expect(JSON.stringify(await draftName())).toBe(published);
    const loaded = await outcome(() => page.loader(args(pageRequest(PATH, { cookie, host: ACME })) as never));
    expect(JSON.stringify(loaded.data)).not.toContain("Evil Co");
    // The same origin still saves.
    const own = await save(cookie, "Acme Own", {}, `http://${ACME}`);
    expect(own.status).not.toBe(403);
  });
});
