import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { app } from "~api/app";
import { openApiPath } from "~api/docs/openapi";
import { referencePolicy } from "~api/docs/reference-page";
import type { Endpoint } from "~contract/endpoint";
import { endpoints } from "~contract/endpoints";
import { octoEndpoints } from "~contract/octo/endpoints";

const declared = Object.entries(endpoints as Record<string, Endpoint & { tag: string }>);

// A JSON document: any shape is inspected below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Document = any;

async function fetchDocument(): Promise<{ response: Response; document: Document }> {
  const response = await app.fetch(new Request(`http://localhost${endpoints.openapi.path}`));
  return { response, document: await response.json() };
}

describe("GET /v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const { response, document } = await fetchDocument();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every declared endpoint (the v1 API's and OCTO's, issue 47) as its operationId, and nothing else", async () => {
    const { document } = await fetchDocument();
    const operations = Object.entries(document.paths as Record<string, Record<string, Document>>).flatMap(
      ([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(
      [...declared.map(([name]) => name), ...Object.keys(octoEndpoints)].sort(),
    );
    for (const [name, entry] of declared) {
      const operation = document.paths[openApiPath(entry.path)]?.[entry.method.toLowerCase()];
      expect(operation?.operationId, `${entry.method} ${entry.path}`).toBe(name);
      expect(operation.summary).toBe(entry.summary);
      expect(operation.tags).toEqual([entry.tag]);
      expect(operation["x-error-codes"]).toEqual(entry.errors);
      for (const code of entry.errors) expect(operation.responses.default.description).toContain(`\`${code}\``);
      const pathParams = (operation.parameters ?? [])
        .filter((p: Document) => p.in === "path")
        .map((p: Document) => p.name);
      expect(pathParams.sort()).toEqual([...entry.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort());
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining([...(entry.statuses ?? [200]).map(String), "default"]),
      );
      expect(operation.security, name).toEqual(
        entry.auth === "public"
          ? []
          : entry.auth === "optional"
            ? [{}, { bearer: [] }, { session: [] }]
            : [{ bearer: [] }, { session: [] }],
      );
    }
  });

  it("describes the operations of operators joining the platform (issue 44), the admins' as 404 to anyone else", async () => {
    const { document } = await fetchDocument();
    const operationIds = Object.values(document.paths as Record<string, Record<string, Document>>).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    const issue44 = [
      "applyAsOperator",
      "myOperatorApplication",
      "checkOperatorSlug",
      "adminListApplications",
      "adminApplication",
      "adminApproveApplication",
      "adminRejectApplication",
      "adminListOperators",
      "adminSuspendOperator",
      "adminReinstateOperator",
      "adminFindBooking",
      "adminAuditLog",
    ];
    expect(operationIds).toEqual(expect.arrayContaining(issue44));
    const approve = document.paths["/v1/admin/applications/{applicationId}/approve"].post;
    expect(Object.keys(approve.responses)).toEqual(expect.arrayContaining(["200", "403", "404", "default"]));
    expect(approve.responses["401"]).toBeUndefined();
    expect(approve.description).toContain("404 `not_found`");
    expect(approve["x-error-codes"]).toEqual(expect.arrayContaining(["application_decided", "slug_taken"]));
  });

  it("states who of the operator's team may call every console operation (x-member-roles and in words)", async () => {
    const { document } = await fetchDocument();
    // Every /v1/operator/… operation is a member's, but the invitation link's (the token is the proof).
    const consoleOps = declared.filter(([, entry]) => /^\/v1\/operator\/(?!invitations\/:token\/)/.test(entry.path));
    expect(consoleOps.length).toBeGreaterThan(40);
    for (const [name, entry] of consoleOps) {
      const operation = document.paths[openApiPath(entry.path)][entry.method.toLowerCase()];
      const roles: string[] = operation["x-member-roles"] ?? [];
      expect(roles.length, `${name} states no member roles`).toBeGreaterThan(0);
      expect(["owner", "manager", "guide"], name).toEqual(expect.arrayContaining(roles));
      expect(roles, name).toContain("owner");
      for (const role of roles) expect(operation.description, name).toContain(`\`${role}\``);
      expect(operation.description, name).toContain("403 `forbidden`");
    }
    const withRoles = declared.filter(([, entry]) => entry.member).map(([name]) => name);
    expect(withRoles.sort()).toEqual(consoleOps.map(([name]) => name).sort());
  });

  it("puts the success inside the envelope, the input schemas and the declared headers in", async () => {
    const { document } = await fetchDocument();
    const cancel = document.paths["/v1/bookings/{id}/cancel"].post;
    const data = cancel.responses["200"].content["application/json"].schema;
    expect(data.required).toEqual(["data"]);
    expect(data.properties.data.properties.id).toBeDefined();
    expect(cancel.responses["200"].headers["X-Wayfarer-Changed"]).toBeDefined();
    expect(cancel.responses["401"].content["application/json"].schema.properties.error.properties.code.enum).toEqual([
      "unauthorized",
    ]);

    const place = document.paths["/v1/bookings"].post;
    expect(Object.keys(place.responses)).toEqual(expect.arrayContaining(["201", "200"]));
    expect(place.requestBody.content["application/json"].schema.required).toContain("tickets");
    const headers = place.parameters
      .filter((p: Document) => p.in === "header")
      .map((p: Document) => [p.name, p.required]);
    expect(headers).toEqual(
      expect.arrayContaining([
        ["Idempotency-Key", true],
        ["X-Account-Context", false],
      ]),
    );

    const search = document.paths["/v1/experiences"].get;
    expect(search.parameters.filter((p: Document) => p.in === "query").map((p: Document) => p.name)).toContain("date");
    expect(search.security).toEqual([]);

    const signOut = document.paths["/v1/auth/sign-out"].post;
    expect(signOut.responses["200"].content["application/json"].schema.properties.success).toEqual({
      type: "boolean",
      enum: [true],
    });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("is generated once", async () => {
    const { openApiDocument } = await import("~api/docs/openapi");
    expect(openApiDocument()).toBe(openApiDocument());
  });
});

describe("GET /v1/docs", () => {
  const page = async () => app.fetch(new Request(`http://localhost${endpoints.apiReference.path}`));

  it("is an HTML page that loads Swagger UI's script and stylesheet from here, and the document", async () => {
    const response = await page();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain(`<script nonce="`);
    expect(html).toContain(` src="${endpoints.apiReferenceScript.path}"></script>`);
    expect(html).toContain(`<link rel="stylesheet" href="${endpoints.apiReferenceStylesheet.path}" />`);
    const init = /<script nonce="[^"]+">SwaggerUIBundle\((\{.*\})\);<\/script>/.exec(html)?.[1];
    expect(JSON.parse(init ?? "null")).toMatchObject({
      url: endpoints.openapi.path,
      dom_id: "#reference",
      validatorUrl: null,
      queryConfigEnabled: false,
      supportedSubmitMethods: [],
    });
    expect(html).toContain(`<div id="reference"></div>`);
    // Nothing from elsewhere: every src and href is a path of this origin.
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]*)"/g)) expect(url).toMatch(/^\/v1\//);
  });

  it("runs its scripts under a fresh nonce, and loads and connects nowhere but here", async () => {
    const [first, second] = [await page(), await page()];
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toBe(referencePolicy(nonce!).join("; "));
    const directives = new Map(csp.split("; ").map((directive) => [directive.split(" ")[0], directive]));
    expect(directives.get("default-src")).toBe("default-src 'none'");
    expect(directives.get("script-src")).toBe(`script-src 'nonce-${nonce}'`);
    expect(directives.get("connect-src")).toBe("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
    const html = await first.text();
    expect(html.match(/<script[^>]*>/g)).toEqual([
      `<script nonce="${nonce}" src="${endpoints.apiReferenceScript.path}">`,
      `<script nonce="${nonce}">`,
    ]);
    const again = second.headers.get("Content-Security-Policy") ?? "";
    expect(/'nonce-([^']+)'/.exec(again)?.[1]).not.toBe(nonce);
    expect(await second.text()).not.toContain(nonce);
  });

  it.each([
    ["apiReferenceScript", /^text\/javascript/, "SwaggerUIBundle"],
    ["apiReferenceStylesheet", /^text\/css/, ".swagger-ui"],
  ] as const)("%s: Swagger UI's file, served from this API", async (name, type, content) => {
    const response = await app.fetch(new Request(`http://localhost${endpoints[name].path}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(type);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).toContain(content);
  });
});
