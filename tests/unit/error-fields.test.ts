import { describe, expect, it } from "vitest";
import { errorFields } from "~/platform/logger.server";

/** Issue 39 item 21: a log line never says "[object Object]" of what was thrown. */
describe("errorFields", () => {
  it("describes Errors, thrown answers and other objects in words", () => {
    expect(errorFields(new TypeError("boom"))).toMatchObject({ name: "TypeError", message: "boom" });
    expect(errorFields(new Response(null, { status: 404, statusText: "Not Found" }))).toEqual({
      status: 404,
      statusText: "Not Found",
    });
    const routeError = { status: 404, statusText: "Not Found", internal: true, data: 'No route matches URL "/\r\n"' };
    expect(errorFields(routeError)).toMatchObject({ status: 404, statusText: "Not Found" });
    expect(JSON.stringify(errorFields({ a: 1 }))).not.toContain("[object Object]");
    expect(errorFields("text")).toBe("text");
  });
});
