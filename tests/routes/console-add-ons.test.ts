import { describe, expect, it } from "vitest";
import * as addOns from "~/routes/_console.console.experiences.$experienceId.add-ons";
import { identityWorld } from "../support/identity";
import { experiencePage, memberOf } from "../support/console-routes";
import { addOnsOnSale } from "../support/experience-extras";
import { auditEntries } from "../support/operator";

const { db } = identityWorld();

const EXPERIENCE = "brooklyn-bridge-sunrise-walk";
const { load, post, expectGuarded } = experiencePage(addOns, "add-ons", EXPERIENCE);

const onSale = () => addOnsOnSale(db(), EXPERIENCE);

describe("/console/experiences/:experienceId/add-ons", () => {
  it("signed out: sign in; another operator's experience: 404; a guide: 403", async () => {
    await expectGuarded(db(), { intent: "add", name: "Wetsuit", price: "8", per: "guest" });
  });

  it("adds a wetsuit with a stock per departure and a bottle with a maximum, refuses bad ones on their field, removes one", async () => {
    const manager = await memberOf(db(), "manager");
    const wetsuit = { name: "Wetsuit", price: "8.50", per: "guest", stockKind: "departure", stock: "4" };
    const bottle = { name: "Bottle of wine", description: "To take home.", price: "25", per: "booking" };
    const bottleStock = { stockKind: "total", stock: "30", maxPerBooking: "2" };
    for (const form of [wetsuit, { ...bottle, ...bottleStock }])
      expect((await post(manager.cookie, { intent: "add", ...form })).status).toBe(302);
    expect(await onSale()).toMatchObject([
      { name: "Wetsuit", priceMinor: 850, per: "guest", stockPerDeparture: 4, stockTotal: null, maxPerBooking: null },
      { name: "Bottle of wine", priceMinor: 2500, stockPerDeparture: null, stockTotal: 30, maxPerBooking: 2 },
    ]);
    const page = await load(manager.cookie);
    expect(page.status).toBe(200);
    expect(page.data.title).toBe("Add-ons: Brooklyn Bridge Sunrise Walk");
    expect(page.data.page.addOns).toHaveLength(2);
    const [entry] = await auditEntries(db(), "add_ons.set", manager.user.uid);
    expect(entry).toBeDefined();

    const refusals: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ name: "Map", price: "1.005" }, { price: ["addOns.priceFormat"] }],
      [{ name: "Map", price: "abc" }, { price: ["addOns.priceFormat"] }],
      [{ name: "", price: "3" }, { name: ["addOns.nameRequired"] }],
      [{ name: "Map", price: "3", maxPerBooking: "0" }, { maxPerBooking: ["addOns.tooSmall"] }],
    ];
    for (const [fields, errors] of refusals) {
      const refused = await post(manager.cookie, { intent: "add", per: "booking", stockKind: "none", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.result.error).toMatchObject(errors);
    }
    expect(await onSale()).toHaveLength(2);

    const [first] = await onSale();
    const removed = await post(manager.cookie, { intent: "remove", addOnId: first.id });
    expect(removed.status).toBe(302);
    expect((await onSale()).map((row) => row.name)).toEqual(["Bottle of wine"]);
  });
});
