import { seedDbForThisFile } from "../../support/api";
import { createServer, type AddressInfo } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { followChanges } from "~api/changes/feed";
import { logger } from "~api/logger";
import { CHANGED_HEADER, type ChangeTopic } from "~contract/system/changes";
import { createUser, withEmulatorUsers } from "../../support/identity";
import { v1 } from "../../support/client";
import { stretched } from "../../support/time-limits";

/**
 * The bus between processes is down (Redis where nothing answers): a write still succeeds at
 * once, this process's followers still hear it, and the failure is logged once, not thrown.
 */
beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  // Read by the API's configuration on first use, which comes after this.
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
});
seedDbForThisFile();
withEmulatorUsers();

describe("with the change bus down", () => {
  it(
    "a write answers as usual, this process hears it, and the bus's failure is logged once",
    async () => {
      const warn = vi.spyOn(logger, "warn");
      const heard: ChangeTopic[][] = [];
      const stop = followChanges((topics) => heard.push([...topics]));
      try {
        const user = await createUser();
        for (const firstName of ["Ada", "Grace"]) {
          const started = performance.now();
          const synced = await v1.syncUser({ token: user.idToken, body: { firstName } });
          expect(synced.status).toBe(200);
          expect(synced.headers.get(CHANGED_HEADER)).toBe("user");
          // Nothing waits for the bus (an unreachable Redis takes seconds to give up).
          expect(performance.now() - started).toBeLessThan(stretched(1_500));
        }
        expect(heard).toEqual([["user"], ["user"]]);
        await vi.waitFor(
          () =>
            expect(
              warn.mock.calls.some(([, message]) => message === "could not tell the other processes a change"),
            ).toBe(true),
          { timeout: stretched(10_000), interval: 100 },
        );
        const told = warn.mock.calls.filter(([, message]) => message === "could not tell the other processes a change");
        expect(told).toHaveLength(1);
      } finally {
        stop();
        warn.mockRestore();
      }
    },
    stretched(30_000),
  );
});
