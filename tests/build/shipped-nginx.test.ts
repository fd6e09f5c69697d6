/**
 * The shipped deploy/nginx.conf, run by the real nginx (tests/build/shipped-nginx-layout.ts): a
 * photo upload of 9 MiB, and the largest body an upload route of the API takes, reach a web
 * through :80 and an API through :8080 whole; a body past the limit gets nginx's 413 and never
 * reaches a process. Nothing here needs the build.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../contract/endpoint";
import { endpoints } from "../../contract/endpoints";
import { NGINX, startShippedNginx, type ShippedNginx, type UpstreamAnswer } from "./shipped-nginx-layout";
import { stretched } from "../support/time-limits";

const MiB = 1024 * 1024;
/** The largest body an upload route of the API accepts (its declared maxBodyBytes: a 10 MiB file and the form around it). */
const LARGEST_UPLOAD = Math.max(...Object.values(endpoints as Record<string, Endpoint>).map((e) => e.maxBodyBytes ?? 0));

let layout: ShippedNginx;

async function post(port: number, bytes: number): Promise<{ status: number; text: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/v1/operator/experiences/e1/photos`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=wayfarer" },
    body: new Uint8Array(bytes).fill(0x61),
  });
  return { status: response.status, text: await response.text() };
}

// Skipped on a machine without nginx, never in CI (.ci/run installs it).
describe.skipIf(!existsSync(NGINX) && !process.env.CI)("the shipped deploy/nginx.conf", () => {
  beforeAll(async () => {
    layout = await startShippedNginx();
  }, stretched(30_000));
  afterAll(() => layout?.stop(), stretched(20_000));

  it("is tried with the bodies that matter: the API's largest upload lies between 10 and 12 MiB", () => {
    expect(LARGEST_UPLOAD).toBeGreaterThan(10 * MiB);
    expect(LARGEST_UPLOAD).toBeLessThan(12 * MiB);
  });

  for (const [listener, role, target] of [
    ["public (:80)", "web", "a web"],
    ["internal (:8080)", "api", "an API"],
  ] as const) {
    it(`passes a 9 MiB upload and the largest the API takes whole to ${target} through the ${listener} listener`, async () => {
      const port = listener.startsWith("public") ? layout.publicPort : layout.internalPort;
      for (const bytes of [9 * MiB, LARGEST_UPLOAD]) {
        const { status, text } = await post(port, bytes);
        expect(status, text).toBe(200);
        const answer = JSON.parse(text) as UpstreamAnswer;
        expect(answer.name).toMatch(new RegExp(`^${role}\\d+$`));
        expect(answer.bytes).toBe(bytes);
        expect(layout.upstreams.get(answer.name)?.received.at(-1)).toBe(bytes);
      }
    }, stretched(60_000));

    it(`answers a 12 MiB body with its own 413 on the ${listener} listener, and no process sees it`, async () => {
      const port = listener.startsWith("public") ? layout.publicPort : layout.internalPort;
      const before = layout.allReceived().length;
      const { status, text } = await post(port, 12 * MiB);
      expect(status).toBe(413);
      expect(text).toContain("413 Request Entity Too Large");
      expect(layout.allReceived().length).toBe(before);
    }, stretched(60_000));
  }
});
