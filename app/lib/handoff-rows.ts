/**
 * The page data in a document (single fetch: the turbo-stream in its scripts) with its row lists and
 * known string lists sent compactly (page weight). A list page's rows are objects with the same keys
 * each, and their keys were a third of the rows' JSON. The server packs every array of two or more plain
 * objects with the same keys in the same order into `{ [ROWS]: keys, v: values per row }`; the
 * browser unpacks them before Remix hands the data over, so loaders and components see the rows as
 * sent. Client navigations' data is not packed.
 *
 * The outermost row lists' values go as one JSON string: turbo-stream gives every value in an array its
 * own entry and a reference to it, and a 20-row list's references alone were about 0.5 KB of the
 * document as sent (gzip); a string is one entry.
 *
 * Lists of strings that both bundles hold in a table (the role codes, the route map's paths: a viewer's
 * roles and denied pages) travel as the set of their places in it, six to a character:
 * `{ [IN]: table, v: "…" }`. They are sets to whoever reads them (the access rules), so they come back in
 * the table's order, the user types first; a list with a string twice stays as it is.
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

const SET_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Places in a table as a string of six-bit digits, the lowest place in the first digit's lowest bit. */
function setOf(places: number[]): string {
  const digits = new Array<number>(Math.floor(Math.max(...places) / 6) + 1).fill(0);
  for (const place of places) digits[Math.floor(place / 6)]! |= 1 << place % 6;
  return digits.map((digit) => SET_DIGITS[digit]).join("");
}

function placesIn(set: string): number[] {
  const places: number[] = [];
  for (let i = 0; i < set.length; i++) {
    const digit = SET_DIGITS.indexOf(set[i]!);
    for (let bit = 0; bit < 6; bit++) if (digit & (1 << bit)) places.push(i * 6 + bit);
  }
  return places;
}

/** A list of two or more different strings that one table holds, as that table's number and their places. */
function packStrings(value: Json[]): Json | undefined {
  if (value.length < 2 || !value.every((item) => typeof item === "string") || new Set(value).size !== value.length) return undefined;
  const table = stringTables().findIndex(({ index }) => value.every((item) => index.has(item as string)));
  return table < 0 ? undefined : { [IN]: table, v: setOf(value.map((item) => stringTables()[table]!.index.get(item as string)!)) };
}

function packed(value: Json): Json {
  if (Array.isArray(value)) {
    const strings = packStrings(value);
    if (strings) return strings;
    const items = value.map(packed);
    const first = items[0];
    if (items.length < 2 || first === undefined || !isObject(first)) return items;
    const keys = Object.keys(first);
    const shape = keys.join("\u0000");
    if (keys.includes(ROWS) || keys.includes(IN) || !items.every((item) => isObject(item) && Object.keys(item).join("\u0000") === shape)) return items;
    return { [ROWS]: keys, v: items.map((item) => keys.map((key) => (item as JsonObject)[key]!)) };
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, packed(v)]));
  return value;
}

/** The outermost row lists' values as one JSON string each (row lists inside rows go inside it). */
function rowsAsText(value: Json): Json {
  if (Array.isArray(value)) return value.map(rowsAsText);
  if (!isObject(value)) return value;
  if (Array.isArray(value[ROWS]) && Array.isArray(value.v) && Object.keys(value).length === 2) return { [ROWS]: value[ROWS], v: JSON.stringify(value.v) };
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, rowsAsText(v)]));
}

/** The value with its row lists packed (new arrays and objects where something was packed). */
export function packRows(value: Json): Json {
  return rowsAsText(packed(value));
}

/** The value with the row lists `packRows` packed made objects again. */
export function unpackRows(value: Json): Json {
  if (Array.isArray(value)) return value.map(unpackRows);
  if (!isObject(value)) return value;
  const table = value[IN];
  if (typeof table === "number" && typeof value.v === "string" && Object.keys(value).length === 2) return placesIn(value.v).map((i) => stringTables()[table]!.list[i]!);
  const keys = value[ROWS];
  const rows = typeof value.v === "string" && Array.isArray(keys) ? (JSON.parse(value.v) as Json) : value.v;
  if (Array.isArray(keys) && Array.isArray(rows) && Object.keys(value).length === 2) {
    return rows.map((row) => Object.fromEntries(keys.map((key, i) => [key as string, unpackRows((row as Json[])[i]!)])));
  }
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, unpackRows(v)]));
}

/** Remix's state in `window.__remixContext`: the page data packed or unpacked are its loader and action data. */
export type HandoffState = { loaderData?: Json; actionData?: Json };

/** Applies `packRows` or `unpackRows` to a handoff state's page data, in place. */
export function mapPageData(state: HandoffState | undefined, map: (value: Json) => Json): void {
  for (const key of ["loaderData", "actionData"] as const) if (state?.[key]) state[key] = map(state[key]);
}
