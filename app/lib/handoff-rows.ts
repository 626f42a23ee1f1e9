/**
 * The page data in a document's `window.__remixContext` with its row lists sent as columns (page
 * weight). A list page's rows are objects with the same keys each, and their keys were a third
 * of the rows' JSON. The server packs every array of two or more plain objects with the same keys in
 * the same order into `{ [ROWS]: keys, v: values per row }`; the browser unpacks them before Remix
 * reads the data, so loaders and components see the rows as sent. Client navigations' JSON is not
 * packed.
 */

const ROWS = "$rows";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** The value with its row lists packed (new arrays and objects where something was packed). */
export function packRows(value: Json): Json {
  if (Array.isArray(value)) {
    const items = value.map(packRows);
    const first = items[0];
    if (items.length < 2 || first === undefined || !isObject(first)) return items;
    const keys = Object.keys(first);
    const shape = keys.join("\u0000");
    if (keys.includes(ROWS) || !items.every((item) => isObject(item) && Object.keys(item).join("\u0000") === shape)) return items;
    return { [ROWS]: keys, v: items.map((item) => keys.map((key) => (item as JsonObject)[key]!)) };
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, packRows(v)]));
  return value;
}

/** The value with the row lists `packRows` packed made objects again. */
export function unpackRows(value: Json): Json {
  if (Array.isArray(value)) return value.map(unpackRows);
  if (!isObject(value)) return value;
  const keys = value[ROWS];
  if (Array.isArray(keys) && Array.isArray(value.v) && Object.keys(value).length === 2) {
    return value.v.map((row) => Object.fromEntries(keys.map((key, i) => [key as string, unpackRows((row as Json[])[i]!)])));
  }
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, unpackRows(v)]));
}

/** Remix's state in `window.__remixContext`: the page data packed or unpacked are its loader and action data. */
export type HandoffState = { loaderData?: Json; actionData?: Json };

/** Applies `packRows` or `unpackRows` to a handoff state's page data, in place. */
export function mapPageData(state: HandoffState | undefined, map: (value: Json) => Json): void {
  for (const key of ["loaderData", "actionData"] as const) if (state?.[key]) state[key] = map(state[key]);
}
