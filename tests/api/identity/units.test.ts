import "../../support/env";
import type { UserRecord } from "firebase-admin/auth";
import { describe, expect, it } from "vitest";
import { signInLinkEmail } from "~api/auth/emails";
import { composeEmail, platformBrand } from "~api/outbox/email-layout";
import { escapeMarkup } from "~contract/text";
import { passwordPolicy } from "~api/auth/password-policy";
import { isSafeContinuePath } from "~contract/identity/auth";
import { newPassword } from "~contract/fields";
import { appActionLink } from "~api/auth/service";
import type { UserRow } from "~api/db/schema";
import { hasPassword, missingDataOf, signInMethodOf } from "~api/users/service";

describe("password policy", () => {
  it("follows PASSWORD_MIN_LENGTH", () => {
    const policy = passwordPolicy({ PASSWORD_MIN_LENGTH: 12 });
    expect(policy.minLength).toBe(12);
    const schema = newPassword(policy);
    expect(schema.safeParse("eleven-ch-1").success).toBe(false);
    expect(schema.safeParse("twelve-chr-1").success).toBe(true);
  });
});

describe("continue paths", () => {
  it.each([["/"], ["/account"], ["/experiences/a/b?date=2026-01-01#top"]])("accepts %s", (path) => {
    expect(isSafeContinuePath(path)).toBe(true);
  });
  it.each([
    ["//evil.com"],
    ["/\\evil.com"],
    ["\\\\evil.com"],
    ["https://evil.com"],
    [""],
    ["account"],
    ["/a\tb"],
    ["/a\nb"],
    ["/x/\\y"],
    // Encoded slashes read as another host once decoded: the same check as the web's redirects.
    ["/%2F%2Fevil.com"],
    ["/.//evil.com"],
  ])("refuses %j", (path) => {
    expect(isSafeContinuePath(path)).toBe(false);
  });
});

describe("sign-in method", () => {
  const record = (providers: string[], passwordHash?: string) =>
    ({ providerData: providers.map((providerId) => ({ providerId })), passwordHash }) as unknown as UserRecord;

  it("tells email-link users from password users by the stored hash (sticky once known)", () => {
    expect(hasPassword(record(["password"]), false)).toBe(false);
    expect(hasPassword(record(["password"], "hash"), false)).toBe(true);
    expect(hasPassword(record(["password"]), true)).toBe(true);
    expect(hasPassword(record(["google.com"]), true)).toBe(false);
    expect(signInMethodOf("password", false)).toBe("emailLink");
    expect(signInMethodOf("emailLink", true)).toBe("password");
    expect(signInMethodOf("password", true)).toBe("password");
    expect(signInMethodOf("google.com", false)).toBe("google.com");
  });
});

describe("missing data", () => {
  const row = (values: Partial<UserRow>): UserRow =>
    ({
      firstName: "A",
      lastName: "B",
      phone: "+15551234567",
      location: { address: "1", city: "c", state: "NY", zipcode: "" },
      hasPaymentMethod: true,
      ...values,
    }) as UserRow;

  it("location needs address, city and state", () => {
    expect(missingDataOf(row({}))).toEqual([]);
    expect(missingDataOf(row({ location: { address: "", city: "c", state: "NY", zipcode: "" } }))).toEqual([
      "location",
    ]);
    expect(missingDataOf(row({ location: null, hasPaymentMethod: false }), ["location"])).toEqual(["paymentMethod"]);
  });
});

describe("emails", () => {
  it("escape what they embed in HTML", () => {
    expect(escapeMarkup(`<a href="x">&'`)).toBe("&#60;a href=&#34;x&#34;&#62;&#38;&#39;");
    const link = appActionLink("https://acme.example.com", "/set-password", {
      mode: "signIn",
      oobCode: "a&b",
      redirectUrl: "/x?y=1&z=2",
    });
    expect(link).toBe(
      "https://acme.example.com/set-password?mode=signIn&oobCode=a%26b&redirectUrl=%2Fx%3Fy%3D1%26z%3D2",
    );
    const brand = { ...platformBrand(), name: "<Acme>" };
    const email = composeEmail({ to: "a@example.com", kind: "auth_link", brand, ...signInLinkEmail(link, brand) });
    expect(email.text).toContain(link);
    expect(email.html).not.toContain("<Acme>");
    expect(email.html).toContain("Sign in to &lt;Acme&gt;");
    expect(email.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
  });
});
