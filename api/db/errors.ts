/** Whether a database error (or one it wraps) is a unique violation of `constraint` (23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | null; current;) {
    if (current.code === "23505" && (current.constraint === undefined || current.constraint === constraint))
      return true;
    current = current.cause as typeof current;
  }
  return false;
}
