import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "~contract/errors";
import { apiErrorResult, orNone, orNotFound } from "~/platform/api-errors.server";

/**
 * The one error path of the pages (app/platform/api-errors.server.ts): what the address names and
 * the API does not have is the 404 page; a refusal of a form is the form again, with the error on
 * its field or as its message, and the API's status and Retry-After.
 */
type Answer = { type: string; data: unknown; init: ResponseInit | null };

const request = new Request("http://localhost:3000/account/booking/bk_nope");
const refused = (status: number, code: string, fields?: Record<string, string[]>, headers?: Record<string, string>) =>
  new ApiError(status, code, "refused", fields, headers);

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("orNotFound and orNone", () => {
  it("give the answer, or the 404 page (null) for a 404 or a 400 of the API, or a code named", async () => {
    expect(await orNotFound(request, Promise.resolve("kept"))).toBe("kept");
    for (const error of [refused(404, "booking_not_found"), refused(400, "validation_error")]) {
      const page = (await thrown(() => orNotFound(request, Promise.reject(error)))) as Answer;
      expect(page.init?.status).toBe(404);
      expect(await orNone(Promise.reject(error))).toBeNull();
    }
    const notConfirmed = refused(409, "booking_not_confirmed");
    expect(await thrown(() => orNotFound(request, Promise.reject(notConfirmed)))).toBe(notConfirmed);
    const page = (await thrown(() =>
      orNotFound(request, Promise.reject(notConfirmed), "booking_not_confirmed"),
    )) as Answer;
    expect(page.init?.status).toBe(404);
    const bug = new TypeError("a bug");
    expect(await thrown(() => orNone(Promise.reject(bug)))).toBe(bug);
  });
});

describe("apiErrorResult", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.set(name, value);
    return parseWithZod(data, { schema: z.object({}).passthrough() });
  };
  const answer = (value: unknown) => value as Answer & { data: { result: { error?: Record<string, string[]> } } };

  it("a 429 is the form's message saying when to try again, with the status and Retry-After", () => {
    const limited = refused(429, "rate_limited", undefined, { "Retry-After": "120" });
    const result = answer(apiErrorResult(limited, form({ email: "a@example.com" }), { intent: "link" }));
    expect(result.init).toEqual({ status: 429, headers: { "Retry-After": "120" } });
    expect(result.data).toMatchObject({ intent: "link", result: { error: { "": ["retryAfter.in2Minutes"] } } });
  });

  it("puts a refused field on the form's field (location.city is city), else tells it as the form's message", () => {
    const invalid = refused(400, "validation_error", { "location.city": ["Too long."] });
    const onField = answer(apiErrorResult(invalid, form({ city: "x" })));
    expect(onField.init?.status).toBe(400);
    expect(onField.data.result.error).toEqual({ city: ["validation.invalid"] });
    // A field the form does not show (a hidden one) is the form's message.
    const hidden = refused(400, "validation_error", { textVersion: ["Not a number."] });
    const shown = { signedName: "waiver.nameMismatch" };
    const message = answer(apiErrorResult(hidden, form({ signedName: "Ada", textVersion: "x" }), { fields: shown }));
    expect(message.data.result.error).toEqual({ "": ["apiErrors.validation_error"] });
    const named = refused(400, "validation_error", { signedName: ["Not the profile's name."] });
    const mismatch = answer(apiErrorResult(named, form({ signedName: "Ada", textVersion: "1" }), { fields: shown }));
    expect(mismatch.data.result.error).toEqual({ signedName: ["waiver.nameMismatch"] });
  });

  it("puts a code on the field it is about, with its own words or another text; passwords are not sent back", () => {
    const codes = {
      invalid_code: { field: "code" },
      invalid_credentials: { field: "current", key: "security.currentWrong" },
    };
    const code = answer(apiErrorResult(refused(400, "invalid_code"), form({ code: "123456" }), { codes }));
    expect(code.data.result.error).toEqual({ code: ["apiErrors.invalid_code"] });
    const wrong = answer(
      apiErrorResult(refused(401, "invalid_credentials"), form({ current: "secret-1" }), {
        codes,
        hideFields: ["current"],
      }),
    );
    expect(wrong.data.result).toMatchObject({ error: { current: ["security.currentWrong"] }, initialValue: {} });
    expect(JSON.stringify(wrong.data)).not.toContain("secret-1");
    // A code named without a field is the form's message, whatever field the API names.
    const unreadable = refused(400, "validation_error", { id: ["Not a card id."] });
    const notFound = { validation_error: { key: "apiErrors.payment_method_not_found" } };
    const message = answer(apiErrorResult(unreadable, form({ id: "x" }), { codes: notFound }));
    expect(message.data.result.error).toEqual({ "": ["apiErrors.payment_method_not_found"] });
  });

  it("tells a 5xx the page has words for (payment_unavailable) and throws any other, and anything but an ApiError", () => {
    const payments = answer(apiErrorResult(refused(503, "payment_unavailable"), form({})));
    expect(payments.init?.status).toBe(503);
    expect(payments.data.result.error).toEqual({ "": ["apiErrors.payment_unavailable"] });
    const gateway = refused(502, "http_error");
    expect(() => apiErrorResult(gateway, form({}))).toThrow(gateway);
    const bug = new TypeError("a bug");
    expect(() => apiErrorResult(bug, form({}))).toThrow(bug);
  });
});
