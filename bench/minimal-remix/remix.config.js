/**
 * The yardstick of `npm run bench`: the smallest Remix app (one page, no data), built by the same
 * Remix 2.17 compiler and served by remix-serve, as `npx create-remix` would leave it.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
