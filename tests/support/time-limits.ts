/**
 * A test's or hook's own time limit, or a bound a test waits within (a process's start, a change
 * heard across processes), stretched by TEST_TIMEOUT_SCALE (a whole number, default 1) where a
 * suite runs at a low CPU priority beside other work, as CI's built-app tests do beside the
 * browser tests. A limit here is a hang's safety net, not a measure of
 * speed (`npm run bench` measures that). vitest.config.ts stretches the default limits the same way.
 */
export function stretched(ms: number): number {
  const scale = Number(process.env.TEST_TIMEOUT_SCALE ?? "1");
  return Number.isInteger(scale) && scale >= 1 ? ms * scale : ms;
}
