/** The waybill filter's fields, as they appear in the URL query and the filter form (spec 5). Isomorphic. */
export const FREIGHT_FILTER_FIELDS = [
  "freightNo",
  "orderNo",
  "status",
  "freightWay",
  "carrierName",
  "conveyanceName",
  "loadingPlace",
  "unloadingPlace",
  "createdFrom",
  "createdTo",
  "loadingFrom",
  "loadingTo",
] as const;
export type FreightFilterField = (typeof FREIGHT_FILTER_FIELDS)[number];

/** What the form shows: the query's values as typed, and the Chinese message of each refused one. */
export type FreightFilterValues = Partial<Record<FreightFilterField, string>>;
export type FreightFilterErrors = Partial<Record<FreightFilterField, string>>;
