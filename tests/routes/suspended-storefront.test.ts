import { beforeAll, describe, expect, it } from "vitest";
import { setOperatorStatus } from "~api/accounts/status";
import * as root from "~/root";
import { followApiChanges } from "~/platform/api-change-feed.server";
import * as details from "~/routes/_details.experiences.$parentId.$serviceId._index";
import * as confirm from "~/routes/_details.experiences.$parentId.$serviceId.confirm";
import * as sitemap from "~/routes/sitemap[.]xml";
import * as consoleLayout from "~/routes/_console";
import { createSlot, findService, type TestService } from "../support/booking";
import { identityWorld } from "../support/identity";
import { ACME, consoleLoad, memberOf } from "../support/console-routes";
import { args, outcome, pageRequest } from "../support/routes";

/**
 * A suspended operator's pages (issue 44, point 4): its storefront and experience pages say it is
 * not taking bookings (no form, no error), the confirm step goes back to the page, the marketplace's
 * sitemap forgets its experiences, its console says why; reinstating brings it all back. The pages'
 * kept answers are dropped at once: this process follows the API's change feed, as the server does.
 */
const { db } = identityWorld();
const MARKETPLACE = "localhost:3000";
const REASON = "Unpaid platform fees.";

let acme: TestService;
let slot: { id: string };
beforeAll(async () => {
  acme = await findService(db(), "acme");
  slot = await createSlot(db(), acme.serviceId);
  followApiChanges();
});

const params = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });
const detailsPath = () => `/experiences/${acme.experienceId}/${acme.serviceId}`;

const load = (
  route: { loader: (args: never) => unknown },
  path: string,
  host: string,
  routeParams: Record<string, string> = params(),
) => outcome(() => route.loader(args(pageRequest(path, { host }), routeParams) as never));

const takingBookings = async (host: string) => {
  const page = await load(details, detailsPath(), host);
  expect(page.status).toBe(200);
  return page.data.experience.operator.takingBookings as boolean;
};
const storefrontTakes = async () => (await load(root, "/", ACME, {})).data.account.takingBookings as boolean;
const inSitemap = async () => {
  const xml = String((await load(sitemap, "/sitemap.xml", MARKETPLACE, {})).data);
  return { experience: xml.includes(`/experiences/${acme.experienceId}/`), operator: xml.includes("/acme</loc>") };
};

/** The change feed reaches this process's caches within a moment: asks again for up to a second. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  let seen = await read();
  for (let tries = 0; tries < 20 && seen !== expected; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await read();
  }
  return seen;
}

describe("a suspended operator's pages", () => {
  it("kept pages forget it at once: the storefront, its experience page and the sitemap say so, and come back on reinstating", async () => {
    // Kept while active.
    expect(await takingBookings(MARKETPLACE)).toBe(true);
    expect(await storefrontTakes()).toBe(true);
    expect(await inSitemap()).toEqual({ experience: true, operator: true });

    await setOperatorStatus(db(), acme.accountId, { status: "suspended", reason: REASON });
    expect(await eventually(() => takingBookings(MARKETPLACE), false)).toBe(false);
    expect(await takingBookings(ACME)).toBe(false);
    expect(await storefrontTakes()).toBe(false);
    expect(await inSitemap()).toEqual({ experience: false, operator: false });

    // The confirm step (a bookmarked or offered address) goes back to the page that says why.
    const selection = `slot=${slot.id}&t_${acme.adult.id}=2`;
    for (const host of [ACME, MARKETPLACE]) {
      const step = await load(confirm, `${detailsPath()}/confirm?${selection}`, host);
      expect(step.status).toBe(302);
      expect(step.location).toBe(detailsPath());
    }

    await setOperatorStatus(db(), acme.accountId, { status: "active" });
    expect(await eventually(() => takingBookings(MARKETPLACE), true)).toBe(true);
    expect(await storefrontTakes()).toBe(true);
    expect(await inSitemap()).toEqual({ experience: true, operator: true });
  });

  it("its console opens, read-only, with the reason from operatorMe", async () => {
    const owner = await memberOf(db(), "owner");
    await setOperatorStatus(db(), acme.accountId, { status: "suspended", reason: REASON });
    try {
      const shell = await consoleLoad(consoleLayout, "/console", owner.cookie);
      expect(shell.status).toBe(200);
      expect(shell.data.me.suspension).toMatchObject({ reason: REASON });
    } finally {
      await setOperatorStatus(db(), acme.accountId, { status: "active" });
    }
    const shell = await consoleLoad(consoleLayout, "/console", owner.cookie);
    expect(shell.data.me.suspension).toBe(null);
  });
});
