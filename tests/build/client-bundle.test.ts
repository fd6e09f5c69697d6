/**
 * The browser bundles hold no API or database code (run after `remix build`: `npm test` does).
 * Remix's compiler writes the client build's esbuild metafile; every input it lists is checked.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const METAFILE = "build/metafile.js.json";
const SERVER_PACKAGES = [
  "@electric-sql/pglite",
  "drizzle-orm",
  "pg",
  "pg-boss",
  "firebase-admin",
  "hono",
  "@hono/node-server",
  "nodemailer",
  "stripe",
  "pino",
  "pino-pretty",
];

function clientInputs(): string[] {
  const metafile = JSON.parse(readFileSync(METAFILE, "utf8")) as { inputs: Record<string, unknown> };
  return Object.keys(metafile.inputs);
}

describe("client bundles", () => {
  it("were built", () => {
    expect(existsSync(METAFILE), `${METAFILE} is missing: run remix build first`).toBe(true);
  });

  it("contain none of the API's code", () => {
    expect(clientInputs().filter((input) => input.startsWith("api/"))).toEqual([]);
  });

  it("contain no server-only module of the web app", () => {
    expect(clientInputs().filter((input) => /\.server\.tsx?$/.test(input))).toEqual([]);
  });

  it("contain no server package (database, identity admin, HTTP server, mail, payments, logger)", () => {
    const found = clientInputs().filter((input) =>
      SERVER_PACKAGES.some((name) => input.includes(`node_modules/${name}/`)),
    );
    expect(found).toEqual([]);
  });

  it("take from the contract only plain modules (no zod schemas, no client): the pieces pages render with", () => {
    const contract = clientInputs().filter((input) => input.startsWith("contract/"));
    for (const input of contract) {
      const source = readFileSync(input, "utf8");
      expect(source, `${input} imports zod`).not.toMatch(/from "zod"/);
    }
    expect(contract).not.toContain("contract/client.ts");
    expect(contract).not.toContain("contract/endpoints.ts");
  });
});
