import * as out from "../outputs";
import { changeEvent } from "./change-feed";
import { domain, endpoint } from "../endpoint";
import { devClockBody } from "./jobs";
import { devOutboxParams, devOutboxQuery } from "./outbox";
import { devOperatorStatus, devOperatorStatusBody, devOperatorStatusParams } from "./dev-operators";
import { mediaParams } from "../photos";
import { openApiDocument, text } from "../reference";
import { z } from "zod";

export const healthEndpoints = domain("Health", {
  health: endpoint({
    method: "GET",
    path: "/v1/health",
    summary: "Whether the API and its database answer (older; balancers: healthReady)",
    auth: "public",
    output: out.health,
    errors: [],
  }),
  healthLive: endpoint({
    method: "GET",
    path: "/v1/health/live",
    summary: "Whether the API's process runs (asks nothing else)",
    auth: "public",
    output: out.healthLive,
    errors: [],
  }),
  healthReady: endpoint({
    method: "GET",
    path: "/v1/health/ready",
    summary: "Whether this process should take traffic: database, Redis, Auth, migrations, job runner, not stopping",
    auth: "public",
    output: out.healthReady,
    errors: [],
  }),
});

export const changesEndpoints = domain("Changes", {
  // The literal media type tells the route's handler to answer the stream itself.
  changeFeed: {
    ...endpoint({
      method: "GET",
      path: "/v1/changes",
      summary: "What the API's writes change, as they happen (Server-Sent Events: ready, then changes)",
      auth: "public",
      output: changeEvent,
      errors: [],
    }),
    media: "text/event-stream" as const,
  },
});

export const mediaEndpoints = domain("Media", {
  // The literal media type tells the route's handler to answer the file itself.
  mediaFile: {
    ...endpoint({
      method: "GET",
      path: "/v1/media/photos/:experienceId/:photoId/:file",
      summary: "One stored variant of a photo (AVIF, WebP or JPEG): immutable, cached for a year",
      auth: "public",
      params: mediaParams,
      output: out.mediaFile,
      errors: [],
    }),
    media: "image/*" as const,
  },
});

export const developmentEndpoints = domain("Development", {
  devOutbox: endpoint({
    method: "GET",
    path: "/v1/dev/outbox",
    summary: "The messages sent (outside production only)",
    auth: "public",
    query: devOutboxQuery,
    output: z.array(out.outboxMessage),
    errors: [],
  }),
  devOutboxMessage: endpoint({
    method: "GET",
    path: "/v1/dev/outbox/:id",
    summary: "One message sent (outside production only)",
    auth: "public",
    params: devOutboxParams,
    output: out.outboxMessage,
    errors: ["message_not_found"],
  }),
  devClock: endpoint({
    method: "GET",
    path: "/v1/dev/clock",
    summary: "The test clock (outside production only)",
    auth: "public",
    output: out.devClock,
    errors: [],
  }),
  moveDevClock: endpoint({
    method: "POST",
    path: "/v1/dev/clock",
    summary: "Move the test clock and run what became due (outside production only)",
    auth: "public",
    body: devClockBody,
    output: out.devClockMoved,
    errors: [],
    changes: ["catalog", "seats", "user"],
  }),
  setDevOperatorStatus: endpoint({
    method: "POST",
    path: "/v1/dev/operators/:slug/status",
    summary: "Suspend (with a reason) or reinstate an operator, as a platform admin would (outside production only)",
    auth: "public",
    params: devOperatorStatusParams,
    body: devOperatorStatusBody,
    output: devOperatorStatus,
    errors: ["account_not_found"],
    changes: ["catalog", "seats"],
  }),
  devJobs: endpoint({
    method: "GET",
    path: "/v1/dev/jobs",
    summary: "The job queues and the latest jobs (outside production only)",
    auth: "public",
    output: out.devJobs,
    errors: [],
  }),
});

export const referenceEndpoints = domain("Reference", {
  openapi: endpoint({
    method: "GET",
    path: "/v1/openapi.json",
    summary: "This API as an OpenAPI 3.1 document",
    auth: "public",
    output: openApiDocument,
    media: "application/json",
    errors: [],
  }),
  apiReference: endpoint({
    method: "GET",
    path: "/v1/docs",
    summary: "This API's reference, readable (HTML)",
    auth: "public",
    output: text,
    media: "text/html",
    errors: [],
  }),
  apiReferenceScript: endpoint({
    method: "GET",
    path: "/v1/docs/swagger-ui.js",
    summary: "The script that renders the reference (Swagger UI)",
    auth: "public",
    output: text,
    media: "text/javascript",
    errors: [],
  }),
  apiReferenceStylesheet: endpoint({
    method: "GET",
    path: "/v1/docs/swagger-ui.css",
    summary: "The stylesheet of the reference (Swagger UI)",
    auth: "public",
    output: text,
    media: "text/css",
    errors: [],
  }),
});
