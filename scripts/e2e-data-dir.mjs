/**
 * Where the end-to-end run on `port` keeps its database, photos and notes (new each run): one
 * folder per port, so that runs on two ports (the shards of `npm test`) never share one.
 */
export const e2eDataDir = (port) => `.data-e2e-${port}`;
