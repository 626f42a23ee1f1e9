/**
 * A resource list's state from the URL: the values as typed, the filter the platform gets (each
 * refused value dropped with its Chinese message, so one bad field does not stop the search), the
 * page, and the page's preset, which always wins.
 */
import type { ZodTypeAny } from "zod";
import { pageParams } from "~/lib/paging";
import type { ResourceFilter } from "../../contract/resources/derive";
import type { AnyResource } from "../../contract/resources/kit";
import { foldRegionParts } from "../../contract/region-code";

export interface ResourceQuery {
  values: Record<string, string>;
  filter: ResourceFilter;
  errors: Record<string, string>;
  current: number;
  size: number;
}

/** The URL parameters a resource's filter reads. */
export function filterParamNames(def: AnyResource): string[] {
  const names: string[] = [];
  const fields = { ...def.fields, ...(def.status ? { [def.status.field]: { filter: "eq" } } : {}) } as Record<string, { filter?: string | false }>;
  for (const [key, field] of Object.entries(fields)) {
    if (field.filter === "range") names.push(`${key}From`, `${key}To`);
    else if (field.filter) names.push(key);
  }
  if (def.keyword) names.push("keyword");
  if (def.createdFilter) names.push("createdFrom", "createdTo");
  names.push("orgId");
  return names;
}

export function parseResourceQuery(schema: ZodTypeAny, def: AnyResource, url: URL, preset: ResourceFilter = {}): ResourceQuery {
  const values: Record<string, string> = {};
  // A place filter comes as 省 / 市 / 区 selects: folded into the one code (the deepest chosen).
  const params = foldRegionParts(url.searchParams, Object.entries(def.fields).filter(([, f]) => f.kind === "region" && f.filter).map(([k]) => k));
  for (const name of filterParamNames(def)) {
    const value = params.get(name)?.trim();
    if (value && !(name in preset)) values[name] = value;
  }
  const input: Record<string, unknown> = { ...values };
  const errors: Record<string, string> = {};
  let filter: ResourceFilter = {};
  for (;;) {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      filter = parsed.data as ResourceFilter;
      break;
    }
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    if (!(field in input)) break;
    errors[field] = parsed.error.issues[0]!.message;
    delete input[field];
  }
  return { values, filter: { ...filter, ...preset }, errors, ...pageParams(url) };
}
