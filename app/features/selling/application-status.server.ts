import type { OperatorApplication } from "~contract/platform/outputs";
import { storefrontOrigin } from "~/platform/storefront-address.server";

/** What the applicant sees of their application (on /sell and /account): its status, and where it leads. */
export interface ApplicationStatusView {
  status: OperatorApplication["status"];
  businessName: string;
  slug: string;
  createdAt: string;
  rejectionReason: string | null;
  /** The new operator's console, once approved. */
  consoleUrl: string | null;
}

/** The applicant's latest application as its status card shows it (none: null). */
export function applicationStatusView(
  request: Request,
  application: OperatorApplication | null,
): ApplicationStatusView | null {
  if (!application) return null;
  return {
    status: application.status,
    businessName: application.businessName,
    slug: application.slug,
    createdAt: application.createdAt,
    rejectionReason: application.rejectionReason,
    consoleUrl: application.status === "approved" ? `${storefrontOrigin(request, application.slug)}/console` : null,
  };
}
