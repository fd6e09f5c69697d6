import { describe, expect, it } from "vitest";
import * as referralRoute from "~/routes/_external.referral.$code";
import * as accountRoute from "~/routes/_account.account._index";
import { seedDbForThisFile } from "../support/api";
import { withEmulatorUsers } from "../support/identity";
import { args, outcome, pageRequest, signedInUser, loaded } from "../support/routes";

seedDbForThisFile();
withEmulatorUsers();

describe("invitations", () => {
  it("/account shows the user's code and link; /referral/{code} names the inviter and remembers the code; a bad code is 404", async () => {
    const { cookie } = await signedInUser({ firstName: "Ann", lastName: "Lee" });
    const account = await loaded(accountRoute, "/account", cookie);
    const { code, url } = account.data.referral;
    expect(url).toMatch(new RegExp(`/referral/${code}$`));

    const page = await outcome(() =>
      referralRoute.loader(args(pageRequest(`/referral/${code.toLowerCase()}`), { code: code.toLowerCase() }) as never),
    );
    expect(page.status).toBe(200);
    expect(page.data.invite).toMatchObject({ firstName: "Ann", offer: { percentOff: 10 } });
    const setCookie = page.headers.get("Set-Cookie")!;
    expect(setCookie).toContain(`ref=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    expect(page.data.invite.own).toBe(false);

    for (const bad of ["NOPE1234", "x!"]) {
      const missing = await outcome(() =>
        referralRoute.loader(args(pageRequest(`/referral/${bad}`), { code: bad }) as never),
      );
      expect(missing.status).toBe(404);
    }
  });

  it("the inviter's own link, signed in, says it is theirs (nothing remembered); another traveller's is an invitation", async () => {
    const inviter = await signedInUser({ firstName: "Ann", lastName: "Lee" });
    const account = await outcome(() =>
      accountRoute.loader(args(pageRequest("/account", { cookie: inviter.cookie })) as never),
    );
    const { code } = account.data.referral;
    const open = (cookie: string) =>
      outcome(() => referralRoute.loader(args(pageRequest(`/referral/${code}`, { cookie }), { code }) as never));

    const own = await open(inviter.cookie);
    expect(own.status).toBe(200);
    expect(own.data.invite.own).toBe(true);
    expect(own.data.title).toBe("Your invitation link");
    expect(own.headers.get("Set-Cookie")).toBeNull();

    const friend = await signedInUser({ firstName: "Bo", lastName: "Ng" });
    const theirs = await open(friend.cookie);
    expect(theirs.data.invite).toMatchObject({ firstName: "Ann", own: false });
    expect(theirs.data.title).toBe("You've been invited");
    expect(theirs.headers.get("Set-Cookie")).toContain("ref=");
  });
});
