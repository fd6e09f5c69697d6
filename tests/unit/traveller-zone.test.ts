import { describe, expect, it } from "vitest";
import { travellerZoneOf } from "~/features/account/traveller-zone.server";

const asked = (cookie?: string) =>
  travellerZoneOf(new Request("http://localhost/account/payments", cookie ? { headers: { Cookie: cookie } } : {}));

describe("travellerZoneOf: the zone a browser told in its tz cookie", () => {
  it("reads a zone the browser reported, as it spelled it", () => {
    expect(asked("lng=en; tz=America%2FLos_Angeles; __session=x")).toBe("America/Los_Angeles");
    expect(asked("tz=Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(asked("tz=America%2FArgentina%2FBuenos_Aires")).toBe("America/Argentina/Buenos_Aires");
  });

  it("is UTC without the cookie, or for anything that is not a zone this runtime knows", () => {
    expect(asked()).toBe("UTC");
    expect(asked("tz=")).toBe("UTC");
    expect(asked("tz=Mars%2FOlympus")).toBe("UTC");
    expect(asked("tz=%E0%A4%A")).toBe("UTC");
    expect(asked("tz=..%2F..%2Fetc%2Fpasswd")).toBe("UTC");
    expect(asked(`tz=${"A".repeat(200)}`)).toBe("UTC");
    expect(asked("tz=Europe%2FParis%00")).toBe("UTC");
    expect(asked("xtz=Europe%2FParis")).toBe("UTC");
  });
});
