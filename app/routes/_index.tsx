import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { DRIVER_HOME, HOME_PATH } from "~/navigation";
import { resolveAccess } from "~/navigation/access";
import { requireUser, viewerOf } from "~/services/user.server";

/**
 * Spec 2.1: / goes to the home page. A driver or captain (the accounts the route map opens his own
 * pages to) lands on his own home, 我的运单, built for his phone; everyone else on the console's 首页.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return redirect(resolveAccess(DRIVER_HOME, viewerOf(user)).kind === "ok" ? DRIVER_HOME : HOME_PATH, { headers: await user.cookieHeaders() });
}
