/**
 * TLS as docs/deploy.md ("TLS") ships it: deploy/tls/wildcard.conf.example included by the shipped
 * deploy/nginx.conf, with one wildcard certificate for the base domain and every storefront under
 * it (here a self-signed one for app.wayfarer.test, made by openssl where certbot would put Let's
 * Encrypt's). Checked with TLS verification on, against that certificate only.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NGINX, startShippedNginx, type ShippedNginx, type UpstreamAnswer } from "./shipped-nginx-layout";
import { stretched } from "../support/time-limits";

const BASE = "app.wayfarer.test";
let layout: ShippedNginx;
let certDir = "";
let ca: Buffer;

/** A self-signed certificate for BASE and *.BASE, as certbot's DNS-01 run gets from Let's Encrypt. */
function makeWildcardCertificate(dir: string) {
  const cert = join(dir, "fullchain.pem");
  const key = join(dir, "privkey.pem");
  const made = spawnSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"],
      ...["-keyout", key, "-out", cert, "-subj", `/CN=${BASE}`],
      ...["-addext", `subjectAltName=DNS:${BASE},DNS:*.${BASE}`],
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  return { cert, key };
}

/** An HTTPS request to nginx's TLS port for `host` (its SNI and Host), trusting only our certificate. */
function https(host: string, path: string, body?: Buffer) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: layout.tlsPort,
        servername: host,
        headers: { Host: host, ...(body ? { "Content-Type": "multipart/form-data; boundary=x" } : {}) },
        method: body ? "POST" : "GET",
        path,
        ca,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe.skipIf(!existsSync(NGINX) && !process.env.CI)("the shipped TLS settings (deploy/tls/)", () => {
  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), "wayfarer-wildcard-"));
    const tls = makeWildcardCertificate(certDir);
    ca = readFileSync(tls.cert);
    layout = await startShippedNginx({ tls });
  }, stretched(30_000));
  afterAll(async () => {
    await layout?.stop();
    rmSync(certDir, { recursive: true, force: true });
  }, stretched(20_000));

  it("serves every storefront and the base domain with the one certificate, telling the web it was HTTPS", async () => {
    for (const host of [`acme.${BASE}`, `harbor-tours.${BASE}`, BASE]) {
      const { status, text } = await https(host, "/experiences?x=1");
      expect(status, text).toBe(200);
      const answer = JSON.parse(text) as UpstreamAnswer;
      expect(answer.name).toMatch(/^web\d$/);
      expect(answer).toMatchObject({ host, proto: "https" });
    }
  });

  it("is refused by a client for a name the wildcard does not cover (one label deep only)", async () => {
    await expect(https(`shop.acme.${BASE}`, "/")).rejects.toThrow(/altnames|ERR_TLS_CERT_ALTNAME_INVALID/i);
  });

  it("takes a 9 MiB photo upload over HTTPS whole", async () => {
    const bytes = 9 * 1024 * 1024;
    const { status, text } = await https(`acme.${BASE}`, "/console/experiences/e1/photos", Buffer.alloc(bytes, 0x61));
    expect(status, text).toBe(200);
    expect((JSON.parse(text) as UpstreamAnswer).bytes).toBe(bytes);
  }, stretched(60_000));

  it("sends plain HTTP on to the same address over HTTPS (308: a POST stays a POST), reaching no process", async () => {
    const before = layout.allReceived().length;
    // node:http, not fetch: fetch sends the address's own Host, never a storefront's.
    const answer = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port: layout.publicPort, method: "POST", path: "/book/x?date=2026-12-24" },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode, location: response.headers.location });
        },
      );
      req.setHeader("Host", `acme.${BASE}`);
      req.on("error", reject);
      req.end("a=1");
    });
    expect(answer).toEqual({ status: 308, location: `https://acme.${BASE}/book/x?date=2026-12-24` });
    expect(layout.allReceived().length).toBe(before);
  });

  it("leaves the internal listener (the web's calls to the API) plain HTTP", async () => {
    const response = await fetch(`http://127.0.0.1:${layout.internalPort}/v1/health`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as UpstreamAnswer).name).toMatch(/^api\d$/);
  });
});
