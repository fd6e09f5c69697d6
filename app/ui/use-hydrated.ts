import { useEffect, useState } from "react";

/** False during server rendering and before hydration; true once JavaScript runs. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
