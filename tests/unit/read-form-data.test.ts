import { describe, expect, it } from "vitest";
import { MAX_FORM_BYTES, readFormData } from "~/platform/form.server";
import { statusOf as answerStatus } from "../fuzz/helpers";

const FORM = "application/x-www-form-urlencoded";

/** The status readFormData refuses a request with (it throws Remix `data`), or 200 when it reads it. */
const statusOf = (request: Request) => answerStatus("readFormData", () => readFormData(request));

const post = (body: BodyInit, headers: Record<string, string> = { "Content-Type": FORM }) =>
  new Request("http://localhost/login", { method: "POST", headers, body, duplex: "half" } as RequestInit);

function streamOf(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new TextEncoder().encode("a=" + "x".repeat(Math.min(16_384, size - sent) - 2));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("readFormData", () => {
  it("reads a form post within the limit", async () => {
    const form = await readFormData(post("a=1&b=" + "x".repeat(MAX_FORM_BYTES - 10)));
    expect(form.get("a")).toBe("1");
  });

  it("refuses a declared length over the limit with 413", async () => {
    expect(await statusOf(post("a=" + "x".repeat(MAX_FORM_BYTES)))).toBe(413);
  });

  it("refuses a streamed body that grows past the limit with 413, without reading it all", async () => {
    expect(await statusOf(post(streamOf(10 * MAX_FORM_BYTES)))).toBe(413);
    expect(await statusOf(post(streamOf(MAX_FORM_BYTES / 2)))).toBe(200);
  });

  it("refuses other content types with 415 and broken bodies with 400", async () => {
    expect(await statusOf(post("{}", { "Content-Type": "application/json" }))).toBe(415);
    expect(await statusOf(post("--x\r\nbroken", { "Content-Type": "multipart/form-data; boundary=x" }))).toBe(400);
    expect(await statusOf(post("a=%00"))).toBe(400);
  });
});
