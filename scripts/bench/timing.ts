/** The p-th percentile of ascending samples. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Milliseconds of `runs` sequential requests (after five to warm up), ascending. */
export async function timeRequests(label: string, runs: number, request: () => Promise<Response>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await (await request()).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

/** Times each query (`runs` samples) and prints a table of p50/p95 against `targetMs`, then the worst p95. */
export async function printTimings(
  targetMs: number,
  runs: number,
  queries: [label: string, request: () => Promise<Response>][],
): Promise<void> {
  console.log(`| query | p50 ms | p95 ms | within ${targetMs} ms |\n|---|---|---|---|`);
  let worst = 0;
  for (const [label, request] of queries) {
    const samples = await timeRequests(label, runs, request);
    const p95 = percentile(samples, 95);
    worst = Math.max(worst, p95);
    console.log(
      `| ${label} | ${percentile(samples, 50).toFixed(1)} | ${p95.toFixed(1)} | ${p95 <= targetMs ? "yes" : "**no**"} |`,
    );
  }
  console.log(`\nworst p95: ${worst.toFixed(1)} ms (target ${targetMs} ms)`);
}
