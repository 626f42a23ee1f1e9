import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/services/session.server";

/** /redirect/<path>?<query> goes to /<path>?<query>: used to reload a view in place. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(safeRedirect(`/${params["*"] ?? ""}${url.search}`));
}
