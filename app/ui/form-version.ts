/**
 * A short mark of what a page's creating form adds (the ids of its photos, services, invitations,
 * the draft's logo): a form whose conform id carries it starts again, empty, once what it added is
 * on the page (with JavaScript too, where the page is not loaded anew), and stays as it is when a
 * refusal left the page unchanged (its errors and typed values shown).
 */
export function formVersion(items: readonly (string | null)[]): string {
  let hash = 5381;
  for (const char of items.join("\n")) hash = (Math.imul(hash, 33) + char.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(36);
}
