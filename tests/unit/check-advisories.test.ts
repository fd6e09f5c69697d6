import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findAdvisories, listProblems, productionPackages } from "../../scripts/check-advisories.mjs";

const advisories = JSON.parse(readFileSync("security/advisories.json", "utf8")).advisories;
const ourLock = JSON.parse(readFileSync("package-lock.json", "utf8"));

/** A lockfile holding the given packages ({ "node_modules/x": { version, dev? } }). */
function lockWith(packages: Record<string, { version: string; dev?: boolean; name?: string }>) {
  return { lockfileVersion: 3, packages: { "": { name: "fixture" }, ...packages } };
}

function runCheck(lock: object) {
  const dir = mkdtempSync(join(tmpdir(), "advisories-"));
  writeFileSync(join(dir, "package-lock.json"), JSON.stringify(lock));
  return spawnSync(
    process.execPath,
    ["scripts/check-advisories.mjs", "--no-audit", "--lock", join(dir, "package-lock.json")],
    { encoding: "utf8" },
  );
}

describe("the advisory check", () => {
  it("finds a vulnerable production package, nested or at the top, and names the advisory", () => {
    const lock = lockWith({
      "node_modules/react-router-dom": { version: "6.30.4" },
      "node_modules/@remix-run/react/node_modules/@remix-run/router": { version: "1.23.3" },
      "node_modules/cookie": { version: "0.7.2" },
    });
    const found = findAdvisories(lock, advisories).map((f) => `${f.name}@${f.version} ${f.advisory.id}`);
    expect(found).toEqual([
      "react-router-dom@6.30.4 GHSA-jjmj-jmhj-qwj2",
      "@remix-run/router@1.23.3 GHSA-jjmj-jmhj-qwj2",
    ]);
  });

  it("leaves out development-only packages and passes fixed versions", () => {
    const lock = lockWith({
      "node_modules/react-router-dom": { version: "6.30.4", dev: true },
      "node_modules/@remix-run/router": { version: "1.23.4" },
    });
    expect(productionPackages(lock).map((p) => p.name)).toEqual(["@remix-run/router"]);
    expect(findAdvisories(lock, advisories)).toEqual([]);
  });

  it("exits 1 listing the match for a vulnerable lock, 0 for ours", () => {
    const bad = runCheck(lockWith({ "node_modules/react-router-dom": { version: "6.30.4" } }));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain("react-router-dom@6.30.4");
    expect(bad.stdout).toContain("GHSA-jjmj-jmhj-qwj2");

    const ours = runCheck(ourLock);
    expect(ours.stdout).toContain("0 vulnerable");
    expect(ours.status).toBe(0);
  });

  it("refuses a list entry that is not a GHSA id, a range and a fixed version outside it", () => {
    expect(listProblems(advisories)).toEqual([]);
    const wrong = [
      { id: "CVE-2024-1", package: "x", vulnerable: "<1.0.0", fixed: "1.0.0" },
      { id: "GHSA-jjmj-jmhj-qwj2", package: "x", vulnerable: "not a range", fixed: "1.0.0" },
      { id: "GHSA-jjmj-jmhj-qwj2", package: "x", vulnerable: "<2.0.0", fixed: "1.0.0" },
    ];
    expect(listProblems(wrong)).toEqual([
      "CVE-2024-1 x: id is not a GHSA id",
      "GHSA-jjmj-jmhj-qwj2 x: vulnerable is not a semver range",
      "GHSA-jjmj-jmhj-qwj2 x: fixed is not a version outside the vulnerable range",
    ]);
  });
});
