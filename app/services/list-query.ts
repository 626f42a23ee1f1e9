/**
 * The one URL → list-query parser of the console. A list's state is all in the URL query (GET filter
 * forms, so filters and paging work without JavaScript); the page's loader reads it here. Isomorphic:
 * no server imports.
 */
import type { z } from "zod";
import { pageParams } from "~/lib/paging";

/** A Zod object schema, possibly with refinements over several fields. */
type ListSchema = z.AnyZodObject | z.ZodEffects<z.ZodTypeAny>;

export interface ListQueryOptions<Field extends string> {
  /** The text fields the query carries, as the filter form names them (default: the schema's keys). */
  fields?: readonly Field[];
  /** Fields that may repeat in the query, read as arrays (e.g. several statuses). */
  repeated?: readonly Field[];
  /** Query names read as booleans: "true" / "false"; any other value is ignored. No form shows them. */
  booleans?: readonly string[];
}

export interface ListQuery<Filter, Field extends string> {
  /** What the platform gets: the query's accepted values, with the preset over them. */
  filter: Filter;
  /** The query's text values as typed (first non-empty value of each field), for the filter form. */
  values: Partial<Record<Field, string>>;
  /** The Chinese message of each refused field; those fields are left out of `filter`. */
  errors: Partial<Record<Field, string>>;
  current: number;
  size: number;
}

const textValues = (url: URL, field: string) =>
  url.searchParams
    .getAll(field)
    .map((v) => v.trim())
    .filter(Boolean);

/** The first non-empty value of each field, trimmed: what a filter form shows again and a list sends. */
export function queryText<Field extends string>(url: URL, fields: readonly Field[]): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const first = textValues(url, field)[0];
    if (first !== undefined) values[field] = first;
  }
  return values;
}

/**
 * A platform list's body straight from the URL: the page and the named filters as typed, blanks dropped.
 * For lists whose filters the platform alone validates (its refusal is shown as the page's notice).
 */
export function listBody(url: URL, filters: readonly string[]): Record<string, string | number> {
  return { ...queryText(url, filters), ...pageParams(url) };
}

function shapeKeys(schema: z.ZodTypeAny): string[] {
  let inner: z.ZodTypeAny = schema;
  while ("innerType" in inner._def || "schema" in inner._def) inner = (inner._def.innerType ?? inner._def.schema) as z.ZodTypeAny;
  return "shape" in inner ? Object.keys((inner as z.AnyZodObject).shape) : [];
}

/**
 * Reads a list's filter and page from the URL. Empty values are dropped; each field the schema refuses
 * is left out, one by one, keeping its message in `errors`, so the rest of the search still runs.
 * `preset` (values the page fixes, e.g. the in-transit list's status) overrides the query. A refusal
 * that names no query field (a bad preset, a cross-field rule with nothing left to drop) searches with
 * the preset alone.
 */
export function parseListQuery<S extends ListSchema, Field extends string = string>(
  schema: S,
  url: URL,
  preset: Partial<z.input<S>> = {},
  options: ListQueryOptions<Field> = {},
): ListQuery<z.output<S>, Field> {
  const fields = (options.fields ?? shapeKeys(schema)) as readonly Field[];
  const values = queryText(url, fields);
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    if (values[field] === undefined) continue;
    input[field] = options.repeated?.includes(field) ? textValues(url, field) : values[field];
  }
  for (const name of options.booleans ?? []) {
    const value = url.searchParams.get(name);
    if (value === "true" || value === "false") input[name] = value === "true";
  }
  const errors: Partial<Record<Field, string>> = {};
  let filter: z.output<S> | undefined;
  while (filter === undefined) {
    const parsed = schema.safeParse({ ...input, ...preset });
    if (parsed.success) {
      filter = parsed.data;
      break;
    }
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "");
    if (!(field in input)) {
      filter = schema.parse(preset);
      break;
    }
    errors[field as Field] = issue.message;
    delete input[field];
  }
  return { filter: filter as z.output<S>, values, errors, ...pageParams(url) };
}
