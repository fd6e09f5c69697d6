import { useRouteLoaderData } from "@remix-run/react";
import type { AccountContext } from "~contract/catalog/accounts";
import type { FirebaseClientConfig } from "./firebase-client-config";
import type { HostContext } from "./host";

/** What the root loader (app/root.tsx) gives every page. */
export interface RootData {
  locale: string;
  hostMode: HostContext["mode"];
  /** The operator whose storefront this host is (account_direct), else null. */
  account: AccountContext | null;
  siteName: string;
  origin: string;
  canonicalUrl: string;
  noindex: boolean;
  promoCode: string | null;
  user: { firstName: string; email: string; unread: number } | null;
  /** For a signed-in user's Firebase client. */
  firebase: FirebaseClientConfig | null;
  /** A custom token a password or email change left for this browser's Firebase client, once. */
  firebaseResync: string | null;
  /** The zone of the traveller's own events (their browser's, told on account pages; else UTC). */
  timeZone: string;
}

/** The root loader's data: locale, host mode, the storefront's account context, the user. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
