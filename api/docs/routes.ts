import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { openApiDocument } from "./openapi";
import { referencePage, referenceScript, referenceStylesheet } from "./reference-page";

/** The API's own reference: the OpenAPI document of its declarations, and a page that reads it. */
export const docsRoutes = new Hono<AppEnv>();

handle(docsRoutes, endpoints.openapi, { db: false }, (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return openApiDocument();
});

handle(docsRoutes, endpoints.apiReference, { db: false }, (c) => {
  const { html, contentSecurityPolicy } = referencePage();
  c.header("Content-Security-Policy", contentSecurityPolicy);
  c.header("Cache-Control", "no-store");
  return html;
});

handle(docsRoutes, endpoints.apiReferenceScript, { db: false }, (c) => {
  c.header("Cache-Control", "public, max-age=86400");
  return referenceScript();
});

handle(docsRoutes, endpoints.apiReferenceStylesheet, { db: false }, (c) => {
  c.header("Cache-Control", "public, max-age=86400");
  return referenceStylesheet();
});
