// The deploy kit's files say what docs/deploy.md says of them: compose.yaml rotates every
// service's logs.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

interface Logging {
  driver?: string;
  options?: Record<string, string>;
}

const compose = parseYaml(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, { logging?: Logging }>;
};

/** Docker's sizes: a number and a unit (k, m or g). */
const SIZE = /^\d+[kmg]$/;

describe("compose.yaml", () => {
  it("rotates every service's logs: json-file, a size and a number of files", () => {
    const services = Object.entries(compose.services);
    expect(services.map(([name]) => name)).toEqual(expect.arrayContaining(["postgres", "migrate", "api1", "web1"]));
    for (const [name, { logging }] of services) {
      expect(logging?.driver, name).toBe("json-file");
      expect(logging?.options?.["max-size"], name).toMatch(SIZE);
      // A string: compose refuses a number here.
      expect(logging?.options?.["max-file"], name).toMatch(/^[1-9]\d*$/);
    }
  });
});
