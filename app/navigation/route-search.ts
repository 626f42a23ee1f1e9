/**
 * The fuzzy matcher behind the navbar's route search. Kept out of ~/navigation's index so fuse.js is
 * not in every page's first-load JavaScript: RouteSearch imports this module when the search box is
 * first used.
 */
import Fuse from "fuse.js";
import { ROUTE_SEARCH_OPTIONS, type SearchEntry } from "./search";

/** A search function over an index; best match first, nothing for a blank query. */
export function createRouteSearch(entries: SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(entries, { ...ROUTE_SEARCH_OPTIONS, keys: [...ROUTE_SEARCH_OPTIONS.keys] });
  return (query) => (query.trim() === "" ? [] : fuse.search(query.trim()).map((result) => result.item));
}
