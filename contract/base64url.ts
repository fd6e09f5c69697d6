/** Text as base64url (UTF-8, no padding): opaque cursors and ids that travel in URLs. */
export function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text a base64url string stands for, or null when it is not base64url of UTF-8. */
export function fromBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The JSON a base64url string carries, or undefined when it carries none. */
export function fromBase64UrlJson(text: string): unknown {
  const json = fromBase64Url(text);
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
