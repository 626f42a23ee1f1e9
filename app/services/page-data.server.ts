/**
 * What every page loader and action does around its own data: the flash notice and the
 * refreshed-token cookie on the page's JSON, a redirect with a notice, and a platform refusal as
 * the message the page shows.
 */
import { json, redirect } from "@remix-run/node";
import { PlatformError } from "./platform.server";
import { flashHeader, readFlash } from "./session.server";
import type { CurrentUser } from "./user.server";

/** A platform refusal or failure as the Chinese message the page shows; anything else is rethrown. */
export function platformMessage(error: unknown): string {
  if (error instanceof PlatformError) return error.message;
  throw error;
}

/** The page's flash notice, and the headers that clear it and carry refreshed tokens. */
export async function noticeAndHeaders(request: Request, user: CurrentUser): Promise<{ notice: string | null; headers: Headers }> {
  const flash = await readFlash(request);
  const headers = await user.cookieHeaders();
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  return { notice: flash.message, headers };
}

/** A redirect with a notice for the next page, keeping refreshed tokens. */
export async function redirectWithNotice(user: CurrentUser, to: string, message: string): Promise<Response> {
  const headers = await user.cookieHeaders();
  headers.append("Set-Cookie", await flashHeader(message));
  return redirect(to, { headers });
}

/** A page's JSON with the refreshed-token cookie (pages that carry no notice). */
export async function pageJson<T>(user: CurrentUser, data: T) {
  return json(data, { headers: await user.cookieHeaders() });
}
