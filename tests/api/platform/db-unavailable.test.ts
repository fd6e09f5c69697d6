import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectEnvelope } from "../../support/api";
import { logger } from "~api/logger";
import { v1 } from "../../support/client";

// The database this process would open is held by another live process, so every
// open fails: the API must answer 503 envelopes, not crash or hang.
const dir = mkdtempSync(path.join(tmpdir(), "api-db-unavailable-"));
const dataDir = path.join(dir, "pglite");
let holder: ChildProcess;

beforeAll(() => {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = dataDir;
  holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  writeFileSync(`${dataDir}.lock`, String(holder.pid));
  vi.spyOn(logger, "error").mockImplementation(() => undefined);
});

afterAll(() => {
  holder.kill();
  rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("when the database cannot be opened", () => {
  it("health answers 503", async () => {
    expectEnvelope(await v1.health(), 503, "service_unavailable");
  });

  it("catalog endpoints answer 503 and the error is logged with the cause", async () => {
    expectEnvelope(await v1.experiences(), 503, "service_unavailable");
    expect(JSON.stringify(vi.mocked(logger.error).mock.calls.at(-1)?.[0])).toContain(
      `is in use by process ${holder.pid}`,
    );
  });

  it("validation still answers 400 without the database", async () => {
    expectEnvelope(await v1.experiences({ query: { page: "0" } }), 400, "validation_error");
  });
});
