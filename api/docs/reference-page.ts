import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { endpoints } from "~contract/endpoints";

/**
 * The readable reference at /v1/docs: Scalar's API reference (its standalone browser bundle, served
 * by this API from node_modules, never from a CDN) rendering /v1/openapi.json. Its own fonts,
 * telemetry, AI agent and API client are off: the page reaches nothing but this origin.
 */

let script: string | undefined;

/** Scalar's standalone bundle, read once. */
export function referenceScript(): string {
  // The package exports no path to it: it sits beside the package's entry (dist/index.js).
  const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
  return (script ??= readFileSync(join(dirname(entry), "browser", "standalone.js"), "utf8"));
}

const CONFIGURATION = {
  url: endpoints.openapi.path,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  documentDownloadType: "json",
};

/**
 * The page, and its Content-Security-Policy: exactly its two scripts run (a fresh nonce), and
 * nothing loads or connects anywhere but this origin. Styles may be inline: Scalar's libraries add
 * style elements and attributes that carry no nonce, and with every load and connection held to
 * this origin an injected style can send nothing elsewhere.
 */
export function referencePage(): { html: string; contentSecurityPolicy: string } {
  const nonce = randomBytes(16).toString("base64");
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Wayfarer v1 API reference</title>
  </head>
  <body>
    <div id="reference"></div>
    <noscript>The reference needs JavaScript. The document it shows: <a href="${endpoints.openapi.path}">${endpoints.openapi.path}</a>.</noscript>
    <script nonce="${nonce}" src="${endpoints.apiReferenceScript.path}"></script>
    <script nonce="${nonce}">Scalar.createApiReference("#reference", ${JSON.stringify(CONFIGURATION)});</script>
  </body>
</html>
`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return { html, contentSecurityPolicy };
}
