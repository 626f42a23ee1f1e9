/** The order list's state in the URL, as the dispatch list page and its panel keep it. Isomorphic. */
/** The query names of the dispatch panel (by order, or `from`+`id`: a delivery note, task or re-delivery) and of the last dispatch's notice, as opposed to the list's own state. */
const NOT_LIST_PARAMS = ["orderId", "dispatchOrderNo", "dispatched", "way", "from", "id"];

export interface OrderListValues {
  orderNo: string;
  cargoCategory: string;
  freightWay: string;
}

/** The list's own query (filters and page), which the dispatch panel's links and redirects keep. */
export function orderListSearch(url: URL): URLSearchParams {
  const kept = new URLSearchParams(url.search);
  for (const name of NOT_LIST_PARAMS) kept.delete(name);
  return kept;
}
