/** Formatters for pages: the units and China time of contract/units.ts, with the pages' empty values. */
import { formatTonnes, formatYuan } from "../../contract/numbers";
import { chinaDateTimeOrDash } from "../../contract/units";

/** Weight is stored in kilograms and shown in 吨 with 2 decimals and separators, one rounding rule (no value: "0.00"). */
export function kgToTonnes(kg: number | null | undefined): string {
  return formatTonnes(kg ?? 0);
}

/** Money is stored in fen and shown in 元 with 2 decimals and thousands separators (no value: "0.00"). */
export function fenToYuan(fen: number | null | undefined): string {
  return formatYuan(fen ?? 0);
}

/** "YYYY-MM-DD HH:mm:ss" in China Standard Time regardless of the server's zone; "-" for no value. */
export const formatDateTime = chinaDateTimeOrDash;

export function badgeCount(n: number): string {
  return n >= 100 ? "99+" : String(n);
}
