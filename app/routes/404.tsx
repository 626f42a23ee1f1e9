import { json } from "@remix-run/node";
import { NotFoundContent } from "~/components/ui/StatusPage";
import { titled } from "~/lib/meta";

export const loader = () => json(null, { status: 404 });
export const meta = titled("404");
export default function NotFoundPage() {
  return <NotFoundContent />;
}
export { shouldRevalidate } from "~/lib/revalidate";
