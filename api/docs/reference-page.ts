import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { endpoints } from "~contract/endpoints";

/**
 * The readable reference at /v1/docs: Swagger UI (swagger-ui-dist's browser bundle and stylesheet,
 * served by this API from node_modules, never from a CDN) rendering /v1/openapi.json. Its
 * validator badge (which sends the document's address to validator.swagger.io) and its "Try it
 * out" client are off, and it takes no configuration from the query string: the page reaches
 * nothing but this origin.
 */

const packages = createRequire(import.meta.url);
const assets = new Map<string, string>();

/** A file of swagger-ui-dist, read once. */
function asset(file: "swagger-ui-bundle.js" | "swagger-ui.css"): string {
  let text = assets.get(file);
  if (text === undefined) assets.set(file, (text = readFileSync(packages.resolve(`swagger-ui-dist/${file}`), "utf8")));
  return text;
}

/** Swagger UI's bundle (it defines the global `SwaggerUIBundle`). */
export const referenceScript = () => asset("swagger-ui-bundle.js");

/** Swagger UI's stylesheet. */
export const referenceStylesheet = () => asset("swagger-ui.css");

const CONFIGURATION = {
  url: endpoints.openapi.path,
  dom_id: "#reference",
  validatorUrl: null,
  queryConfigEnabled: false,
  supportedSubmitMethods: [],
  displayOperationId: true,
  deepLinking: true,
  // Every section starts folded: opened all at once, past some 120 operations Swagger UI stopped
  // rendering partway (only the first few showed). A section opens on a click, or from its link.
  docExpansion: "none",
};

/** The page's Content-Security-Policy directives for the nonce of its two scripts. */
export const referencePolicy = (nonce: string) => [
  "default-src 'none'",
  `script-src 'nonce-${nonce}'`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/**
 * The page, and its Content-Security-Policy: exactly its two scripts run (a fresh nonce), and
 * nothing loads or connects anywhere but this origin (no eval either). Styles come from this
 * origin alone too: Swagger UI sets its few inline styles through the DOM (`element.style`), which
 * style-src does not govern, so it needs no 'unsafe-inline'. Its icons are data: images in its
 * stylesheet.
 */
export function referencePage(): { html: string; contentSecurityPolicy: string } {
  const nonce = randomBytes(16).toString("base64");
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Wayfarer v1 API reference</title>
    <link rel="stylesheet" href="${endpoints.apiReferenceStylesheet.path}" />
  </head>
  <body>
    <div id="reference"></div>
    <noscript>The reference needs JavaScript. The document it shows: <a href="${endpoints.openapi.path}">${endpoints.openapi.path}</a>.</noscript>
    <script nonce="${nonce}" src="${endpoints.apiReferenceScript.path}"></script>
    <script nonce="${nonce}">SwaggerUIBundle(${JSON.stringify(CONFIGURATION)});</script>
  </body>
</html>
`;
  return { html, contentSecurityPolicy: referencePolicy(nonce).join("; ") };
}
