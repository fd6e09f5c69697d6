/** The locale key of a Firebase (or session endpoint) error code. */
export function authErrorKey(code: string): string {
  return `authErrors.${code.replace(/^auth\//, "")}`;
}
