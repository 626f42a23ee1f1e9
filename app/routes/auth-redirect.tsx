import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getSession, loginUrl, safeRedirect, sessionTokens } from "~/services/session.server";

/**
 * Landing point for links from other systems (app, partner portals): goes on to `redirect` when
 * logged in, or to login keeping it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  const session = await getSession(request);
  return redirect(sessionTokens(session) ? target : loginUrl(target));
}
