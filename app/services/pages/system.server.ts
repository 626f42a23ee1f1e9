/**
 * /system/enterpriseConfigEdit?orgId= (spec 2.2): an enterprise configuration's id is its
 * organisation's id (platform/system/enterprise-config.ts), so the page reads `orgId` as the record id.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export function byOrgId<A extends LoaderFunctionArgs | ActionFunctionArgs>(args: A): A {
  const orgId = new URL(args.request.url).searchParams.get("orgId");
  return orgId === null ? args : { ...args, params: { ...args.params, id: orgId } };
}
