/**
 * The OCTO supplier API at /octo on the web's origin (issue 47): resellers' systems call it like
 * the v1 API, in this process or forwarded to the API (api/octo/routes.ts answers both).
 */
export { loader, action } from "./v1.$";
