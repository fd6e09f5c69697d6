import { describe, expect, it } from "vitest";
import { isStaffPath, nextStepAfterSignIn } from "~/features/auth/sign-in-next.server";

const user = { requiresPasswordSetup: false, secondStepPending: false };

describe("where a fresh sign-in goes", () => {
  it("asks a guest's steps (profile, waiver) before a guest's page, never before the console or the admin's pages", () => {
    expect(nextStepAfterSignIn(user, ["waiver"], "/sell")).toBe("/complete-profile?redirectUrl=%2Fsell");
    for (const staff of ["/console", "/console/team", "/admin", "/admin/operators?q=acme"])
      expect(nextStepAfterSignIn(user, ["waiver"], staff), staff).toBe(staff);
    // The second step still comes first, everywhere.
    expect(nextStepAfterSignIn({ ...user, secondStepPending: true }, [], "/admin")).toBe(
      "/two-step?redirectUrl=%2Fadmin",
    );
  });

  it("knows the staff's pages by their path, not by a look-alike", () => {
    expect(isStaffPath("/admin")).toBe(true);
    expect(isStaffPath("/admin/audit-log")).toBe(true);
    expect(isStaffPath("/administrator")).toBe(false);
    expect(isStaffPath("/consoles")).toBe(false);
    expect(isStaffPath("/sell?next=/admin")).toBe(false);
  });
});
