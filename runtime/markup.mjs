/**
 * Text made safe inside HTML or XML, in an element or a quoted attribute (& < > " ' escaped).
 * Plain JavaScript: the edge's own pages (server/*.mjs, run before any build) use it as well as
 * the API's emails and the web's sitemap (through contract/text.ts).
 * @param {string} value
 * @returns {string}
 */
export function escapeMarkup(value) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
