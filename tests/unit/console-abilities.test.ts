import { describe, expect, it } from "vitest";
import { endpoints } from "~contract/endpoints";
import { MEMBER_ROLES } from "~contract/member-roles";
import { ABILITY_ENDPOINTS, abilitiesOf } from "~contract/operator/abilities";

describe("the console's abilities, read from the declarations", () => {
  it("give each role what its endpoints allow", () => {
    expect(abilitiesOf("owner")).toEqual({
      manageTeam: true,
      readAuditLog: true,
      manageCatalog: true,
      runDay: true,
      refund: true,
      manageBranding: true,
      readReports: true,
    });
    expect(abilitiesOf("manager")).toEqual({
      manageTeam: false,
      readAuditLog: false,
      manageCatalog: true,
      runDay: true,
      refund: true,
      manageBranding: true,
      readReports: true,
    });
    expect(abilitiesOf("guide")).toEqual({
      manageTeam: false,
      readAuditLog: false,
      manageCatalog: false,
      runDay: true,
      refund: false,
      manageBranding: false,
      readReports: false,
    });
  });

  it("name only endpoints that declare their members", () => {
    for (const name of Object.values(ABILITY_ENDPOINTS)) expect(endpoints[name].member, name).toBeDefined();
    expect(Object.keys(MEMBER_ROLES).sort()).toEqual(["any", "catalog", "owner"]);
  });
});
