/** Percent-encodes, and sends a lone surrogate as the invalid UTF-8 a hostile client would (%ED%A0%80). */
export function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
}

/**
 * The status a browser would get from a loader or action: its answer's, a thrown Response's or
 * data()'s; anything else thrown is a 500, reported with what was asked.
 */
export async function statusOf(what: string, run: () => unknown): Promise<number> {
  try {
    const answer = await run();
    return answer instanceof Response ? answer.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if ((thrown as { type?: string })?.type === "DataWithResponseInit") {
      return (thrown as { init?: { status?: number } }).init?.status ?? 200;
    }
    throw new Error(`${what} threw (a 500): ${String(thrown)}`, { cause: thrown });
  }
}
