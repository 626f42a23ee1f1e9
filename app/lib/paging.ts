/** A list's page in the URL query (`current`, `size`), read the same way by every list. Isomorphic. */
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from "../../contract/envelope";

export interface PageParams {
  current: number;
  size: number;
}

/** Reads `current` and `size` from a URL's query: page 1 and size 20 unless valid (the API's bounds). */
export function pageParams(url: URL): PageParams {
  const current = Math.max(1, Math.min(MAX_PAGE, Math.floor(Number(url.searchParams.get("current")) || 1)));
  const size = Number(url.searchParams.get("size"));
  return { current, size: Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE ? size : DEFAULT_PAGE_SIZE };
}

/** The first page of `size` rows: a list shown inside another page (a detail's waybills, a selector), not paged by the URL. */
export function firstPage(size: number = DEFAULT_PAGE_SIZE): PageParams {
  return { current: 1, size: Math.max(1, Math.min(MAX_PAGE_SIZE, size)) };
}

/** The largest page the platform serves (MAX_PAGE_SIZE rows): a selector's or a detail's whole list. */
export const LARGEST_PAGE: PageParams = firstPage(MAX_PAGE_SIZE);
