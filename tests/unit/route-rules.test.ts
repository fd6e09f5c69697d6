import { describe, expect, it } from "vitest";
import { routeRedirect } from "~/platform/route-rules.server";

const at = (path: string) => new URL(path, "http://localhost");
const anonymous = { user: null, lost: false };
const signedIn = { user: { requiresPasswordSetup: false }, lost: false };
const needsPassword = { user: { requiresPasswordSetup: true }, lost: false };
const pending = { user: { requiresPasswordSetup: true, secondStepPending: true }, lost: false };

describe("route rules", () => {
  it("sends anonymous visitors of private routes to /login with the page", () => {
    expect(routeRedirect(at("/account"), anonymous)).toBe("/login?redirectUrl=%2Faccount");
    expect(routeRedirect(at("/account/bookings/past?x=1"), anonymous)).toBe(
      "/login?redirectUrl=%2Faccount%2Fbookings%2Fpast%3Fx%3D1",
    );
    expect(routeRedirect(at("/accounting"), anonymous)).toBeNull();
    expect(routeRedirect(at("/"), anonymous)).toBeNull();
  });

  it("adds errorCode 440 when the session was lost", () => {
    expect(routeRedirect(at("/account"), { user: null, lost: true })).toBe(
      "/login?redirectUrl=%2Faccount&errorCode=440",
    );
  });

  it("confines users who must set a password to /set-password, query kept", () => {
    expect(routeRedirect(at("/experiences/a/b?promo_code=X"), needsPassword)).toBe("/set-password?promo_code=X");
    expect(routeRedirect(at("/account"), needsPassword)).toBe("/set-password");
    expect(routeRedirect(at("/set-password?redirectUrl=%2Faccount"), needsPassword)).toBeNull();
  });

  it("sends email sign-in links on a login page to /set-password with the query", () => {
    const link = "/login?mode=signIn&oobCode=abc&apiKey=k";
    expect(routeRedirect(at(link), anonymous)).toBe("/set-password?mode=signIn&oobCode=abc&apiKey=k");
    expect(routeRedirect(at("/reset-password?mode=signIn&oobCode=abc"), anonymous)).toBe(
      "/set-password?mode=signIn&oobCode=abc",
    );
    expect(routeRedirect(at("/reset-password?mode=resetPassword&oobCode=abc"), anonymous)).toBeNull();
  });

  it("lets a signed-in user open an emailed reset link (asked for on /account/security)", () => {
    expect(routeRedirect(at("/reset-password?mode=resetPassword&oobCode=abc&apiKey=k"), signedIn)).toBeNull();
    expect(routeRedirect(at("/reset-password"), signedIn)).toBe("/");
    expect(routeRedirect(at("/login?mode=resetPassword&oobCode=abc"), signedIn)).toBe("/");
  });

  it("sends signed-in users away from login pages, only to same-site paths", () => {
    expect(routeRedirect(at("/login"), signedIn)).toBe("/");
    expect(routeRedirect(at("/login?redirectUrl=%2Faccount"), signedIn)).toBe("/account");
    expect(routeRedirect(at("/login?redirectUrl=%2F%2Fevil.com"), signedIn)).toBe("/");
    expect(routeRedirect(at("/set-password"), signedIn)).toBeNull();
  });

  it("sends a session that owes its second step to /two-step first, the page remembered", () => {
    expect(routeRedirect(at("/account/bookings?x=1"), pending)).toBe(
      "/two-step?redirectUrl=%2Faccount%2Fbookings%3Fx%3D1",
    );
    expect(routeRedirect(at("/console/team"), pending)).toBe("/two-step?redirectUrl=%2Fconsole%2Fteam");
    expect(routeRedirect(at("/set-password"), pending)).toBe("/two-step?redirectUrl=%2Fset-password");
    // A sign-in page: the page it leads to (only a same-site path).
    expect(routeRedirect(at("/login?redirectUrl=%2Fconsole"), pending)).toBe("/two-step?redirectUrl=%2Fconsole");
    expect(routeRedirect(at("/login?redirectUrl=%2F%2Fevil.com"), pending)).toBe("/two-step?redirectUrl=%2F");
    expect(routeRedirect(at("/two-step?redirectUrl=%2Fconsole"), pending)).toBeNull();
    expect(routeRedirect(at("/reset-password?mode=resetPassword&oobCode=abc"), pending)).toBeNull();
    expect(routeRedirect(at("/two-step"), signedIn)).toBeNull();
  });
});
