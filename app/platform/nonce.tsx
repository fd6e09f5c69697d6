import { createContext, useContext, type ReactNode } from "react";

/**
 * The per-request CSP nonce, given by the server render to the scripts Remix writes into the
 * page. In the browser it is empty: scripts loaded later are trusted through 'strict-dynamic'.
 */
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
