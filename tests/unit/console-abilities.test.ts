import { describe, expect, it } from "vitest";
import { endpoints } from "~contract/endpoints";
import { MEMBER_ROLES } from "~contract/operator/member-roles";
import { ABILITY_ENDPOINTS, abilitiesOf } from "~contract/operator/abilities";

describe("the console's abilities, read from the declarations", () => {
  it("give each role what its endpoints allow", () => {
    const granted = (role: "owner" | "manager" | "guide") =>
      Object.entries(abilitiesOf(role))
        .filter(([, yes]) => yes)
        .map(([ability]) => ability)
        .sort();
    const catalog = [
      "manageBranding",
      "manageCatalog",
      "manageResellers",
      "manageWebhooks",
      "readCustomers",
      "readPayouts",
      "readReports",
      "refund",
      "runDay",
    ];
    expect(granted("owner")).toEqual(Object.keys(ABILITY_ENDPOINTS).sort());
    expect(granted("manager")).toEqual(catalog);
    expect(granted("guide")).toEqual(["runDay"]);
  });

  it("name only endpoints that declare their members", () => {
    for (const name of Object.values(ABILITY_ENDPOINTS)) expect(endpoints[name].member, name).toBeDefined();
    expect(Object.keys(MEMBER_ROLES).sort()).toEqual(["any", "catalog", "owner"]);
  });
});
