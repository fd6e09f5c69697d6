import { describe, expect, it } from "vitest";
import { errorLogLine } from "~/platform/logger.server";

/** The shape Remix gives handleError for a thrown `data(…, { status })` (its ErrorResponseImpl). */
const thrown = (status: number, data: unknown, statusText = "") => ({ status, statusText, internal: false, data });

describe("errorLogLine: what handleError writes for an error a loader or action threw", () => {
  it("a refusal (4xx) is an info line with its status and reason, not an error of ours", () => {
    expect(errorLogLine(thrown(403, "Forbidden"))).toEqual({
      level: "info",
      message: "refused",
      fields: { status: 403, reason: "Forbidden" },
    });
    expect(errorLogLine(thrown(404, { code: "not_found" }, "Not Found"))).toMatchObject({
      level: "info",
      fields: { status: 404, reason: "Not Found" },
    });
  });

  it("a 5xx answer and a real exception are errors, with their fields (never [object Object])", () => {
    expect(errorLogLine(thrown(503, "Busy"))).toMatchObject({ level: "error", fields: { status: 503 } });
    const line = errorLogLine(new TypeError("boom"));
    expect(line.level).toBe("error");
    expect(line.fields).toMatchObject({ err: { name: "TypeError", message: "boom" } });
    expect(JSON.stringify(errorLogLine({ some: "object" }))).not.toContain("[object Object]");
  });
});
