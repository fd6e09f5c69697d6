import { describe, expect, it } from "vitest";
import * as unsubscribeRoute from "~/routes/_external.unsubscribe.$token";
import { unsubscribeToken } from "~api/unsubscribe/service";
import { seedDbForThisFile } from "../support/api";
import { bookingUser, findService } from "../support/booking";
import { withEmulatorUsers } from "../support/identity";
import { args, outcome, pageRequest } from "../support/routes";
import { v1 } from "../support/client";

const { db } = seedDbForThisFile();
withEmulatorUsers();

describe("/unsubscribe/{token}", () => {
  it("asks first, stops on a same-origin post, says so; a bad link is the 404 page", async () => {
    const user = await bookingUser(await findService(db()));
    const id = (await v1.userInfo({ token: user.idToken })).body.data.id;
    const token = unsubscribeToken(id, "tips");
    const path = `/unsubscribe/${token}`;
    const page = await outcome(() => unsubscribeRoute.loader(args(pageRequest(path), { token }) as never));
    expect(page.status).toBe(200);
    expect(page.data.view).toMatchObject({ category: "tips", subscribed: true });
    const foreign = await outcome(() =>
      unsubscribeRoute.action(
        args(pageRequest(path, { form: {}, origin: "https://evil.example" }), { token }) as never,
      ),
    );
    expect(foreign.status).toBe(403);
    const done = await outcome(() =>
      unsubscribeRoute.action(args(pageRequest(path, { form: {} }), { token }) as never),
    );
    // Back to the link's page, which says it is done.
    expect(done.status).toBe(302);
    expect(done.location).toBe(path);
    const again = await outcome(() => unsubscribeRoute.loader(args(pageRequest(path), { token }) as never));
    expect(again.data.view.subscribed).toBe(false);
    const bad = await outcome(() =>
      unsubscribeRoute.loader(args(pageRequest("/unsubscribe/abc.def"), { token: "abc.def" }) as never),
    );
    expect(bad.status).toBe(404);
  });
});
