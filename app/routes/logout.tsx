import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { identityApi } from "~/services/identity.server";
import { destroySession, getSession, loginUrl, safeRedirect, sessionTokens } from "~/services/session.server";
import { platformTarget } from "~/services/target.server";
import { forgetUserInfo } from "~/services/user.server";
import { onLogout } from "~/services/logout-hooks.server";
import { readForm } from "~/services/read-form.server";

/** Spec 4: logout revokes the token, clears the session and goes to login with redirect. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const tokens = sessionTokens(session);
  const form = await readForm(request);
  if (tokens) {
    await identityApi.revoke(platformTarget(request), { tokens }).catch(() => undefined);
    forgetUserInfo(tokens.accessToken);
  }
  const sessionKey = session.get("sessionKey");
  if (sessionKey) await onLogout(sessionKey);
  const back = safeRedirect(form.get("redirect"), "");
  return redirect(back ? loginUrl(back) : "/login?redirect=", { headers: { "Set-Cookie": await destroySession(session) } });
}

export const loader = () => redirect("/");
