import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { resourceOf } from "../../contract/resources/index";
import { pickerOf } from "~/services/picker.server";
import { pickerSourceOf } from "~/services/picker-sources.server";
import { requireUser } from "~/services/user.server";

/**
 * A page of a reference picker's options as JSON, for the combobox:
 * `?resource=<key>&keyword=<text>&where.<field>=<value>`. The platform scopes the rows to the caller
 * (a resource the caller may not list answers an empty page); the console only forwards.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const key = url.searchParams.get("resource") ?? "";
  const headers = await user.cookieHeaders();
  headers.set("Cache-Control", "no-store");
  // A source that is not an engine resource (the dispatch panel's drivers …): the same page shape.
  const source = pickerSourceOf(key);
  if (source) return json(await source(user, { keyword: url.searchParams.get("keyword") ?? "", selected: url.searchParams.get("selected") }), { headers });
  // Only a definition key: never a name of Object's prototype.
  const target = /^[a-z][A-Za-z0-9]{0,40}$/.test(key) && key !== "constructor" ? resourceOf(key) : undefined;
  if (!target || typeof target !== "object" || !("api" in target)) throw new Response("没有这种资料", { status: 404 });
  const where: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (name.startsWith("where.") && name.length < 40 && value.length <= 64) where[name.slice(6)] = value;
  const data = await pickerOf(user, target, { keyword: url.searchParams.get("keyword") ?? "", where: Object.keys(where).length ? where : undefined, selected: url.searchParams.get("selected") });
  return json(data, { headers });
}
