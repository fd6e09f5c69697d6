import { useLoaderData } from "@remix-run/react";
import type { loadSecurity } from "~/features/account/security.server";

/** /account/security's two-step sign-in: the user's factors, the teams that require it, its forms' constraints. */
export const useTwoStep = () => useLoaderData<typeof loadSecurity>().twoStep;
