// Lighthouse mobile performance of a page, with Debian's chromium. Lighthouse is fetched by npx at
// a pinned version that runs on our Node (13.x needs Node 22), so `npm ci` stays lean.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const LIGHTHOUSE_VERSION = "12.8.2";
const CHROME = process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/**
 * The performance, SEO and accessibility scores (0–100), the main metrics and the SEO and
 * accessibility audits that failed, or an error when Lighthouse could not run.
 */
export function lighthouse(url: string):
  | {
      score: number;
      seo: number;
      accessibility: number;
      failed: string[];
      fcp: number;
      lcp: number;
      tbt: number;
      cls: number;
    }
  | { error: string } {
  if (!CHROME) return { error: "no chromium (set CHROME_PATH)" };
  const dir = mkdtempSync(join(tmpdir(), "wayfarer-lighthouse-"));
  const report = join(dir, "report.json");
  try {
    const run = spawnSync(
      "npx",
      [
        "--yes",
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        url,
        "--only-categories=performance,seo,accessibility",
        "--output=json",
        `--output-path=${report}`,
        "--quiet",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, encoding: "utf8", timeout: 180_000 },
    );
    if (!existsSync(report)) return { error: (run.stderr || run.stdout || "no report").slice(-300) };
    const json = JSON.parse(readFileSync(report, "utf8")) as {
      runtimeError?: { code: string; message: string };
      categories: Record<
        "performance" | "seo" | "accessibility",
        { score: number | null; auditRefs: Array<{ id: string }> }
      >;
      audits: Record<string, { numericValue?: number; score: number | null; errorMessage?: string }>;
    };
    // A run that could not measure the page (Chromium lost it, a timeout): an error, not a score.
    const metrics = [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
    ];
    const unmeasured = metrics.find((id) => typeof json.audits[id]?.numericValue !== "number");
    if (json.runtimeError || json.categories.performance.score === null || unmeasured) {
      return {
        error: json.runtimeError
          ? `${json.runtimeError.code}: ${json.runtimeError.message}`
          : `${unmeasured ?? "performance"} not measured: ${json.audits[unmeasured ?? ""]?.errorMessage ?? "no score"}`,
      };
    }
    const value = (id: string) => json.audits[id].numericValue as number;
    const failed = [...json.categories.seo.auditRefs, ...json.categories.accessibility.auditRefs]
      .map((ref) => ref.id)
      .filter((id) => json.audits[id]?.score === 0);
    return {
      score: Math.round(json.categories.performance.score * 100),
      seo: Math.round((json.categories.seo.score ?? 0) * 100),
      accessibility: Math.round((json.categories.accessibility.score ?? 0) * 100),
      failed: [...new Set(failed)],
      fcp: Math.round(value("first-contentful-paint")),
      lcp: Math.round(value("largest-contentful-paint")),
      tbt: Math.round(value("total-blocking-time")),
      cls: Number(value("cumulative-layout-shift").toFixed(3)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
