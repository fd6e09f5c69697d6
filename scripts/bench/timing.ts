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
