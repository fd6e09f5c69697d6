// The two React Router 6 advisories security/advisories.json accepts (Remix v2 needs React Router 6,
// which has no fix), held to the reasons written there: if a Remix upgrade or a change of ours
// makes a reason false, this fails. And an acceptance runs out on its review date.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { safeSitePath } from "~contract/identity/safe-path";
import { listProblems, stillAccepted } from "../../scripts/check-advisories.mjs";

const require = createRequire(import.meta.url);
const { serializeErrors } = require("@remix-run/server-runtime/dist/errors.js") as {
  serializeErrors: (errors: Record<string, unknown>, mode: string) => Record<string, Record<string, unknown>>;
};
const advisories = JSON.parse(readFileSync("security/advisories.json", "utf8")).advisories as Array<{
  id: string;
  package: string;
  accepted?: string;
  reviewBy?: string;
}>;

describe("the accepted React Router advisories", () => {
  it("are the two the list names, accepted until a review date", () => {
    const accepted = advisories.filter((a) => a.accepted !== undefined).map((a) => `${a.package} ${a.id}`);
    expect(accepted).toEqual(["react-router GHSA-wrjc-x8rr-h8h6", "react-router GHSA-337j-9hxr-rhxg"]);
    expect(listProblems(advisories)).toEqual([]);
  });

  it("GHSA-337j: a production render sends no error's constructor name for hydration to look up", () => {
    class Injected extends TypeError {
      name = "Function";
    }
    const errors = { "routes/x": new Injected("boom"), "routes/y": new RangeError("out") };
    const sent = serializeErrors(errors, "production");
    for (const error of Object.values(sent)) {
      expect(error).toEqual({ __type: "Error", message: "Unexpected Server Error", stack: undefined });
      expect(error).not.toHaveProperty("__subType");
    }
    // In development the name is sent (what the advisory is about): the check above can fail.
    expect(serializeErrors(errors, "development")["routes/x"]).toHaveProperty("__subType", "Function");
  });

  it("GHSA-wrjc: no backslash form of a target is ever followed", () => {
    for (const target of [
      "/\\evil.example",
      "\\/evil.example",
      "\\\\evil.example",
      "/a\\b",
      "/%5Cevil.example",
      "/%5C%5Cevil",
    ]) {
      expect(safeSitePath(target), target).toBeNull();
    }
    expect(safeSitePath("/account?tab=1")).toBe("/account?tab=1");
  });
});

describe("an accepted advisory", () => {
  const entry = {
    accepted: "Does not apply here: a sentence that says why, and what guards it.",
    reviewBy: "2027-06-01",
  };

  it("holds until its review date, then fails the check again", () => {
    expect(stillAccepted(entry, "2027-06-01")).toBe(true);
    expect(stillAccepted(entry, "2027-06-02")).toBe(false);
    expect(stillAccepted({ accepted: entry.accepted }, "2026-01-01")).toBe(false);

    const dir = mkdtempSync(join(tmpdir(), "accepted-"));
    const lock = { lockfileVersion: 3, packages: { "": { name: "f" }, "node_modules/left-pad": { version: "1.0.0" } } };
    writeFileSync(join(dir, "package-lock.json"), JSON.stringify(lock));
    const run = (reviewBy: string) => {
      const list = [
        { id: "GHSA-jjmj-jmhj-qwj2", package: "left-pad", vulnerable: "<2.0.0", fixed: "2.0.0", ...entry, reviewBy },
      ];
      writeFileSync(join(dir, "advisories.json"), JSON.stringify({ advisories: list }));
      const args = [
        "--no-audit",
        "--lock",
        join(dir, "package-lock.json"),
        "--advisories",
        join(dir, "advisories.json"),
      ];
      return spawnSync(process.execPath, ["scripts/check-advisories.mjs", ...args], { encoding: "utf8" });
    };
    const current = run("2999-01-01");
    expect(current.status).toBe(0);
    expect(current.stdout).toContain("0 vulnerable, 1 accepted");
    const lapsed = run("2000-01-01");
    expect(lapsed.status).toBe(1);
    expect(lapsed.stdout).toContain("1 vulnerable, 0 accepted");
  });

  it("needs its reason and a review date", () => {
    const base = { id: "GHSA-jjmj-jmhj-qwj2", package: "x", vulnerable: "<2.0.0", fixed: "2.0.0" };
    expect(listProblems([{ ...base, accepted: "fine" }])).toEqual([
      "GHSA-jjmj-jmhj-qwj2 x: accepted must say why it does not apply (a sentence or more)",
      "GHSA-jjmj-jmhj-qwj2 x: an accepted advisory needs reviewBy (YYYY-MM-DD)",
    ]);
  });
});
