import { describe, expect, it } from "vitest";
import { ApiError } from "~contract/errors";
import {
  platformAdminLacksSecondFactor,
  requirePlatformAdminSecondFactor,
  teamLacksSecondFactor,
} from "~api/members/second-factor";

describe("who must have a second factor (api/members/second-factor.ts)", () => {
  it("a platform admin always: without one, 403 second_factor_required; with one, or not an admin, nothing to say", () => {
    expect(platformAdminLacksSecondFactor({ isPlatformAdmin: true, secondFactorEnabled: false })).toBe(true);
    expect(platformAdminLacksSecondFactor({ isPlatformAdmin: true, secondFactorEnabled: true })).toBe(false);
    expect(platformAdminLacksSecondFactor({ isPlatformAdmin: false, secondFactorEnabled: false })).toBe(false);

    let refusal: unknown;
    try {
      requirePlatformAdminSecondFactor({ isPlatformAdmin: true, secondFactorEnabled: false });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 403, code: "second_factor_required" });
    expect(() => requirePlatformAdminSecondFactor({ isPlatformAdmin: true, secondFactorEnabled: true })).not.toThrow();
    expect(() =>
      requirePlatformAdminSecondFactor({ isPlatformAdmin: false, secondFactorEnabled: false }),
    ).not.toThrow();
  });

  it("a team's member only when the team requires it", () => {
    expect(teamLacksSecondFactor({ requireTwoStep: true }, { secondFactorEnabled: false })).toBe(true);
    expect(teamLacksSecondFactor({ requireTwoStep: true }, { secondFactorEnabled: true })).toBe(false);
    expect(teamLacksSecondFactor({ requireTwoStep: false }, { secondFactorEnabled: false })).toBe(false);
  });
});
