import type { getZodConstraint } from "@conform-to/zod";
import { useRouteLoaderData } from "@remix-run/react";
import type { PasswordPolicy } from "~contract/fields";
import type { FirebaseClientConfig } from "~/platform/firebase-client-config";
import type { CountryOption } from "./address-fields";

/** The browser's checks of one form (getZodConstraint of its schema). */
type FormConstraint = ReturnType<typeof getZodConstraint>;

/** The checks of the sign-in pages' forms, sent by the login layout so the pages carry no zod. */
export type LoginFormConstraints = Record<
  "signIn" | "signUp" | "emailLink" | "newPassword" | "resetRequest" | "confirmEmail" | "waiver",
  FormConstraint
>;

/** What the login layout's loader (routes/_login.tsx) gives its pages. */
export interface LoginLayoutData {
  firebase: FirebaseClientConfig;
  passwordPolicy: PasswordPolicy;
  constraints: LoginFormConstraints;
  countries: CountryOption[];
}

/** Firebase's public config, the password policy and the forms' checks, from the login layout. */
export function useLoginLayoutData() {
  const data = useRouteLoaderData<LoginLayoutData>("routes/_login");
  if (!data) throw new Error("useLoginLayoutData outside the login layout");
  return data;
}
