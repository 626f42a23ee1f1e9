import { json } from "@remix-run/node";
import { ForbiddenContent } from "~/components/ui/StatusPage";
import { titled } from "~/lib/meta";

export const loader = () => json(null, { status: 403 });
export const meta = titled("401");
export default function ForbiddenPage() {
  return <ForbiddenContent />;
}
export { shouldRevalidate } from "~/lib/revalidate";
