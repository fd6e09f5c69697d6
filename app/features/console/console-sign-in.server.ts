import type { OperatorRole } from "~contract/operator/team";
import { isConsolePath } from "~/features/auth/sign-in-next.server";
import { apiFor, isApiError } from "~/platform/api.server";
import { accountSlugOf, requireHostContext } from "~/platform/host.server";

/** A sign-in on its way to the console: from an invitation link, whom it invites and as what. */
export interface ConsoleSignIn {
  invitation: { email: string; role: OperatorRole } | null;
}

const INVITATION_PATH = /^\/console\/invitations\/([A-Za-z0-9_-]{1,128})$/;

/**
 * The sign-in page on its way to an operator's console (on its storefront, back to a page under
 * /console): the page says whose console it is (the storefront's name and logo); from an
 * invitation link, the invited email is filled in (an invitation used, expired or withdrawn fills
 * in nothing: its page says why once signed in). Null for every other sign-in.
 */
export async function consoleSignIn(request: Request, redirectUrl: string): Promise<ConsoleSignIn | null> {
  if (!accountSlugOf(requireHostContext(request)) || !isConsolePath(redirectUrl)) return null;
  const token = INVITATION_PATH.exec(new URL(redirectUrl, "http://localhost").pathname)?.[1];
  if (!token) return { invitation: null };
  try {
    return { invitation: await apiFor(request).call("operatorInvitee", { params: { token } }) };
  } catch (error) {
    if (isApiError(error) && error.status < 500) return { invitation: null };
    throw error;
  }
}
