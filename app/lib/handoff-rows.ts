/**
 * The page data in a document's `window.__remixContext` with its row lists sent as columns (page
 * weight). A list page's rows are objects with the same keys each, and their keys were a third
 * of the rows' JSON. The server packs every array of two or more plain objects with the same keys in
 * the same order into `{ [ROWS]: keys, v: values per row }`; the browser unpacks them before Remix
 * reads the data, so loaders and components see the rows as sent. Client navigations' JSON is not
 * packed.
 *
 * Lists of strings that both bundles hold in a table (the role codes, the route map's paths: a viewer's
 * roles and denied pages, about 2.4 KB of every document) travel as their indices in it:
 * `{ [IN]: table, v: indices }`.
 */
import { PERMISSION_CODES } from "../../contract/permissions";
import { USER_TYPES } from "../../contract/platforms";
import { ROUTE_TREE } from "../navigation/routes";
import type { RouteNode } from "../navigation/types";

const ROWS = "$rows";
const IN = "$in";

const routePaths = (nodes: readonly RouteNode[]): string[] => nodes.flatMap((node) => [node.path, ...routePaths(node.children ?? [])]);
let tables: Array<{ list: readonly string[]; index: Map<string, number> }> | undefined;
/** The string tables, built on first use from what both bundles import. */
function stringTables() {
  tables ??= [[...USER_TYPES, ...PERMISSION_CODES], routePaths(ROUTE_TREE)].map((list) => ({ list, index: new Map(list.map((s, i) => [s, i])) }));
  return tables;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** A list of two or more strings that one table holds, as that table's number and their indices. */
function packStrings(value: Json[]): Json | undefined {
  if (value.length < 2 || !value.every((item) => typeof item === "string")) return undefined;
  const table = stringTables().findIndex(({ index }) => value.every((item) => index.has(item as string)));
  return table < 0 ? undefined : { [IN]: table, v: value.map((item) => stringTables()[table]!.index.get(item as string)!) };
}

/** The value with its row lists packed (new arrays and objects where something was packed). */
export function packRows(value: Json): Json {
  if (Array.isArray(value)) {
    const strings = packStrings(value);
    if (strings) return strings;
    const items = value.map(packRows);
    const first = items[0];
    if (items.length < 2 || first === undefined || !isObject(first)) return items;
    const keys = Object.keys(first);
    const shape = keys.join("\u0000");
    if (keys.includes(ROWS) || keys.includes(IN) || !items.every((item) => isObject(item) && Object.keys(item).join("\u0000") === shape)) return items;
    return { [ROWS]: keys, v: items.map((item) => keys.map((key) => (item as JsonObject)[key]!)) };
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, packRows(v)]));
  return value;
}

/** The value with the row lists `packRows` packed made objects again. */
export function unpackRows(value: Json): Json {
  if (Array.isArray(value)) return value.map(unpackRows);
  if (!isObject(value)) return value;
  const table = value[IN];
  if (typeof table === "number" && Array.isArray(value.v) && Object.keys(value).length === 2) return value.v.map((i) => stringTables()[table]!.list[i as number]!);
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
