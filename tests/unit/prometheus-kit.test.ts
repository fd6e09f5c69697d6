// deploy/prometheus/: its scrape configuration reaches compose.yaml's web and API processes on their
// metrics port, and every metric its alert rules name is one the app registers (a renamed metric
// fails here, not silently in production).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { metricsRegistry } from "~runtime/metrics.mjs";
import { provideReadiness } from "~runtime/process-lifecycle.mjs";
// Each registers its metrics as it loads, as in the processes.
import "../../server/metrics-server.mjs";
import "~api/health/business-metrics";
import "~api/ledger/reconcile-job";
import "~api/db/pool-metrics";

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}
const config = parseYaml(readFileSync("deploy/prometheus/prometheus.yml", "utf8")) as {
  rule_files: string[];
  scrape_configs: Array<{ job_name: string; metrics_path?: string; static_configs: Array<{ targets: string[] }> }>;
};
const alerts = parseYaml(readFileSync("deploy/prometheus/alerts.yml", "utf8")) as {
  groups: Array<{ name: string; rules: Rule[] }>;
};
const rules = alerts.groups.flatMap((group) => group.rules);
const compose = parseYaml(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, { profiles?: string[]; volumes?: string[] }>;
};

/** Prometheus' own series (not the app's). */
const PROMETHEUS_OWN = new Set(["up"]);
const PROMQL_WORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "and",
  "or",
  "unless",
  "offset",
]);

/** The metric names a PromQL expression reads: its identifiers less functions, keywords, labels, strings and ranges. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  const names = [...bare.matchAll(/[a-zA-Z_:][\w:]*/g)]
    // A word before "(" is a function's.
    .filter((match) => !/^\s*\(/.test(bare.slice(match.index + match[0].length)))
    .map((match) => match[0])
    .filter((word) => !PROMQL_WORDS.has(word));
  return [...new Set(names)];
}

/** A series name the registry exposes: a metric, or a histogram's _bucket, _sum and _count. */
async function registered(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await metricsRegistry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === "histogram")
      for (const end of ["_bucket", "_sum", "_count"]) names.add(metric.name + end);
  }
  return names;
}

describe("deploy/prometheus/prometheus.yml", () => {
  it("scrapes compose.yaml's API and web processes on the metrics port, and loads the alert rules", () => {
    const port = /^METRICS_PORT=(\d+)$/m.exec(readFileSync(".env.production.example", "utf8"))![1];
    const targets = (job: string) =>
      config.scrape_configs
        .filter((scrape) => scrape.job_name === job)
        .flatMap((scrape) => scrape.static_configs.flatMap((entry) => entry.targets))
        .sort();
    for (const job of ["api", "web"]) {
      const processes = Object.keys(compose.services).filter((name) => new RegExp(`^${job}\\d+$`).test(name));
      expect(processes.length).toBeGreaterThanOrEqual(2);
      expect(targets(job)).toEqual(processes.map((name) => `${name}:${port}`));
    }
    for (const scrape of config.scrape_configs) expect(scrape.metrics_path ?? "/metrics").toBe("/metrics");
    expect(config.rule_files).toEqual(["alerts.yml"]);
    // compose.yaml's Prometheus (profile "watch") reads this directory.
    expect(compose.services.prometheus.profiles).toEqual(["watch"]);
    expect(compose.services.prometheus.volumes).toContain("./deploy/prometheus:/etc/prometheus:ro");
  });
});

describe("deploy/prometheus/alerts.yml", () => {
  it("has the rules docs/deploy.md lists, each with a severity and a summary", () => {
    expect(rules.map((rule) => rule.alert).sort()).toEqual([
      "HighServerErrorRate",
      "LedgerReconciliationDifferences",
      "OutboxMessageFailed",
      "PaymentWebhooksFailing",
      "PayoutFailed",
      "ProcessDown",
      "ProcessNotReady",
      "RefundsOwedOverADay",
      "WebhookDeliveryFailed",
    ]);
    for (const rule of rules) {
      expect(["warning", "critical"], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.expr.split("(").length, `${rule.alert}: parentheses`).toBe(rule.expr.split(")").length);
    }
    const guide = readFileSync("docs/deploy.md", "utf8");
    for (const rule of rules) expect(guide, `docs/deploy.md lists ${rule.alert}`).toContain(`| \`${rule.alert}\` |`);
  });

  it("names only metrics the app registers", async () => {
    const known = await registered();
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names)
        expect(known.has(name) || PROMETHEUS_OWN.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });

  it('names metrics docs/deploy.md\'s "Watching" lists, as the app registers them', async () => {
    const guide = readFileSync("docs/deploy.md", "utf8");
    const watching = guide.slice(
      guide.indexOf("## Watching"),
      guide.indexOf("\n## ", guide.indexOf("## Watching") + 1),
    );
    for (const metric of await metricsRegistry.getMetricsAsJSON()) {
      if (/^(nodejs|process)_/.test(metric.name)) continue;
      expect(watching, metric.name).toContain(`\`${metric.name}\``);
    }
  });

  it("reads PromQL's metric names, not its functions, labels or keywords", () => {
    expect(
      metricNames(
        'sum by (job) (rate(http_request_duration_seconds_count{status=~"5.."}[5m])) / sum without (instance) (up) > 0.05',
      ),
    ).toEqual(["http_request_duration_seconds_count", "up"]);
    expect(metricNames("max(delta(outbox_messages_failed[15m])) > 0")).toEqual(["outbox_messages_failed"]);
    expect(metricNames("health_ready == 0")).toEqual(["health_ready"]);
  });
});

describe("health_ready", () => {
  it("is 1 while the process is ready and 0 while it is not", async () => {
    const read = async () => (await metricsRegistry.getSingleMetric("health_ready")!.get()).values[0].value;
    let ready = true;
    provideReadiness(async () => ({ ready, checks: {} }));
    expect(await read()).toBe(1);
    ready = false;
    expect(await read()).toBe(0);
  });
});
