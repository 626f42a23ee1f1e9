/**
 * The enterprise detail page's extra section: the enterprise's users, from the platform's bespoke
 * call (GET tms-enterprise/:id/users, scoped like the detail), added to the generic detail loader.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { DetailPage } from "~/pages/kit";
import { idOfRequest } from "~/pages/kit";
import { detailLoader } from "./resource-pages.server";
import { PlatformError } from "./platform.server";
import { requirePage } from "./user.server";
import type { EnterpriseUser } from "../../contract/resources/enterprise";

export async function enterpriseDetailLoader(page: DetailPage, args: LoaderFunctionArgs) {
  const response = await detailLoader(page, args);
  const data = await response.json();
  const user = await requirePage(args.request);
  const id = idOfRequest(args.params, new URL(args.request.url));
  let users: EnterpriseUser[] = [];
  let usersError: string | null = null;
  try {
    users = await user.call<EnterpriseUser[]>({ path: `/tms-enterprise/${id}/users`, method: "GET" });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    usersError = error.message;
  }
  return json({ ...data, users, usersError }, { headers: response.headers });
}
