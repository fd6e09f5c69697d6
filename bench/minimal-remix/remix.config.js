import app from "../../remix.config.js";

/**
 * The yardstick of `npm run bench`: the smallest Remix app (one page, no data), built by the same
 * Remix 2.17 compiler with the product's future flags and served by remix-serve, as
 * `npx create-remix` would leave it.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default { serverModuleFormat: "esm", future: app.future };
