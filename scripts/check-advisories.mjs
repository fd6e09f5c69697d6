// `node scripts/check-advisories.mjs`: fails when a production dependency in package-lock.json
// is in a known advisory's vulnerable range (unless the list accepts it, with why it does not apply
// and a date to look again by). Works offline from the committed list
// (security/advisories.json); when the registry's audit service answers, its findings for the
// production tree are reported too (and fail at --audit-level, default high). An unreachable
// audit service is reported and does not fail the check.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import semver from "semver";

const usage = `Usage: node scripts/check-advisories.mjs [options]

Checks the production dependencies in package-lock.json against security/advisories.json,
then asks \`npm audit --omit=dev\` (skipped when unreachable). Exits 1 on a match. Changes nothing.

Options:
  --lock <file>          lockfile to check (default: package-lock.json)
  --advisories <file>    advisory list (default: security/advisories.json)
  --no-audit             do not ask npm audit (offline list only)
  --audit-level <level>  lowest npm audit severity that fails: low|moderate|high|critical (default: high)
  --audit-timeout <ms>   how long npm audit may take (default: 15000)
  --help                 show this and exit`;

/** The packages a production install holds: [{ name, version, path }] (dev-only ones left out). */
export function productionPackages(lock) {
  const packages = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === "" || entry.dev || entry.link || !entry.version) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    packages.push({ name, version: entry.version, path });
  }
  return packages;
}

/** What is wrong with the advisory list's entries (an empty list when nothing is). */
export function listProblems(advisories) {
  const problems = [];
  for (const a of advisories) {
    const where = `${a.id ?? "(no id)"} ${a.package ?? "(no package)"}`;
    if (!/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/.test(a.id ?? "")) problems.push(`${where}: id is not a GHSA id`);
    if (typeof a.package !== "string" || a.package === "") problems.push(`${where}: no package`);
    if (!semver.validRange(a.vulnerable ?? "")) problems.push(`${where}: vulnerable is not a semver range`);
    else if (!semver.valid(a.fixed ?? "") || semver.satisfies(a.fixed, a.vulnerable)) {
      problems.push(`${where}: fixed is not a version outside the vulnerable range`);
    }
    if (a.accepted !== undefined) {
      if (typeof a.accepted !== "string" || a.accepted.length < 40)
        problems.push(`${where}: accepted must say why it does not apply (a sentence or more)`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(a.reviewBy ?? ""))
        problems.push(`${where}: an accepted advisory needs reviewBy (YYYY-MM-DD)`);
    }
  }
  return problems;
}

/** An accepted advisory whose review date has passed counts as not accepted (it is looked at again). */
export function stillAccepted(advisory, today = new Date().toISOString().slice(0, 10)) {
  return typeof advisory.accepted === "string" && typeof advisory.reviewBy === "string" && today <= advisory.reviewBy;
}

/** Each installed production package in an advisory's vulnerable range. */
export function findAdvisories(lock, advisories) {
  const findings = [];
  for (const pkg of productionPackages(lock)) {
    for (const advisory of advisories) {
      if (advisory.package !== pkg.name) continue;
      if (semver.satisfies(pkg.version, advisory.vulnerable, { includePrerelease: true })) {
        findings.push({ ...pkg, advisory });
      }
    }
  }
  return findings;
}

const severities = ["info", "low", "moderate", "high", "critical"];

/** `npm audit --omit=dev --json`, or { unreachable: reason } when it does not answer in time. */
function npmAudit(timeoutMs) {
  return new Promise((done) => {
    const child = spawn("npm", ["audit", "--omit=dev", "--json"], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    const timer = setTimeout(() => {
      child.kill();
      done({ unreachable: `no answer in ${timeoutMs} ms` });
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      done({ unreachable: error.message });
    });
    child.on("close", () => {
      clearTimeout(timer);
      try {
        const report = JSON.parse(out);
        if (report.error || !report.vulnerabilities) {
          done({ unreachable: report.error?.summary || report.message || "no report" });
        } else done({ vulnerabilities: Object.values(report.vulnerabilities) });
      } catch {
        done({ unreachable: "no JSON answer" });
      }
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      lock: { type: "string", default: "package-lock.json" },
      advisories: { type: "string", default: "security/advisories.json" },
      "no-audit": { type: "boolean", default: false },
      "audit-level": { type: "string", default: "high" },
      "audit-timeout": { type: "string", default: "15000" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const failAt = severities.indexOf(values["audit-level"]);
  if (failAt < 0) throw new Error(`--audit-level must be one of ${severities.slice(1).join(", ")}`);

  const lock = JSON.parse(readFileSync(resolve(values.lock), "utf8"));
  const { advisories } = JSON.parse(readFileSync(resolve(values.advisories), "utf8"));
  const problems = listProblems(advisories);
  for (const problem of problems) console.log(`  ✖ ${values.advisories}: ${problem}`);
  const found = findAdvisories(lock, advisories);
  const accepted = found.filter((f) => stillAccepted(f.advisory));
  const findings = found.filter((f) => !stillAccepted(f.advisory));
  let failed = findings.length > 0 || problems.length > 0;
  console.log(
    `advisories (${values.advisories}, ${advisories.length} entries): ` +
      `${productionPackages(lock).length} production packages, ${findings.length} vulnerable, ${accepted.length} accepted`,
  );
  for (const { name, version, path, advisory } of findings) {
    console.log(`  ✖ ${name}@${version} (${path}): ${advisory.id} ${advisory.summary}; fixed in ${advisory.fixed}`);
  }
  for (const { name, version, advisory } of accepted) {
    console.log(`  · ${name}@${version}: ${advisory.id} accepted until ${advisory.reviewBy}: ${advisory.accepted}`);
  }

  if (!values["no-audit"]) {
    const audit = await npmAudit(Number(values["audit-timeout"]));
    if (!audit.vulnerabilities) {
      console.log(`npm audit: unreachable (${audit.unreachable}); the committed list was checked`);
    } else {
      const failing = audit.vulnerabilities.filter((v) => severities.indexOf(v.severity) >= failAt);
      console.log(
        `npm audit: ${audit.vulnerabilities.length} vulnerable production packages, ` +
          `${failing.length} at ${values["audit-level"]} or above`,
      );
      for (const v of audit.vulnerabilities) {
        console.log(`  ${severities.indexOf(v.severity) >= failAt ? "✖" : "·"} ${v.name} (${v.severity}) ${v.range}`);
      }
      if (failing.length > 0) failed = true;
    }
  }
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main();
}
