import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/features/admin/admin.server";
import { redirect } from "~/platform/redirect.server";

/** /admin: the applications waiting for a decision (an admin's first concern). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/applications");
}

/** Never shown: the loader always answers (the redirect, or the 404 page an unknown address gets). */
export default function AdminIndex() {
  return null;
}
