/** A list's page in the URL query (`current`, `size`), read the same way by every list. Isomorphic. */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../contract/envelope";

export interface PageParams {
  current: number;
  size: number;
}

/** Reads `current` and `size` from a URL's query: page 1 and size 20 unless valid (sizes 10, 20, 50, 100, 200). */
export function pageParams(url: URL): PageParams {
  const current = Math.max(1, Math.floor(Number(url.searchParams.get("current")) || 1));
  const size = Number(url.searchParams.get("size"));
  return { current, size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE };
}
