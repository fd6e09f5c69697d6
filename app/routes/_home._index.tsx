// `/` is the catalog: the same page as the catch-all with no slug.
export { loader, meta, default } from "./_home.$";
