/**
 * Numbers as people read them: the one home of the money, rate and weight formats (docs/architecture.md
 * "Conventions"). Every cell, detail, report, chart label and export format goes through here.
 *
 * - Money is stored in integer fen and shown as `¥1,234,567.89` (or `1,234,567.89` next to a 元 label).
 * - Rates are stored in integer basis points and shown as percentages: 900 bp → `9.00%`.
 * - Weights are stored in integer kilograms and shown in 吨 with 2 decimals, **rounded half up on the
 *   integer** (half away from zero for negatives): 1005 kg → 1.01, 2675 kg → 2.68, 35505 kg → 35.51,
 *   1004 kg → 1.00. The rule works on the integer (kg + 5) ÷ 10, never on a float, so 2675 cannot
 *   come out as 2.67 the way `(2.675).toFixed(2)` does.
 *
 * No float arithmetic: integers are split with BigInt, so values past 2^53 fen still print exactly.
 */

/** A stored integer (fen, kilograms, basis points) as a BigInt; a non-integer is rounded half up first. */
function toBig(value: number | bigint): bigint {
  if (typeof value === "bigint") return value;
  if (!Number.isFinite(value)) throw new RangeError(`不是有限数值：${value}`);
  return BigInt(Number.isInteger(value) ? value : Math.sign(value) * Math.round(Math.abs(value)));
}

/** "1234567" → "1,234,567" (digits only). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** An integer scaled down by 10^places as decimal text: (123456, 2) → "1,234.56" (`group`: with separators). */
function scaled(value: bigint, places: number, group: boolean): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(places);
  const whole = (abs / unit).toString();
  const fraction = (abs % unit).toString().padStart(places, "0");
  return `${negative ? "-" : ""}${group ? groupThousands(whole) : whole}.${fraction}`;
}

const hundredths = (value: bigint, group: boolean) => scaled(value, 2, group);

/** Fen as `¥1,234,567.89` (negative: `-¥1,234.50`); "" for no value. */
export function formatMoney(fen: number | bigint | null | undefined): string {
  if (fen == null) return "";
  const text = hundredths(toBig(fen), true);
  return text.startsWith("-") ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** Fen as `1,234,567.89` in 元, for a place that already says 元; "" for no value. */
export function formatYuan(fen: number | bigint | null | undefined): string {
  return fen == null ? "" : hundredths(toBig(fen), true);
}

/** Fen as plain `1234567.89` (no separators): a form input's value, a CSV cell. "" for no value. */
export function yuanPlain(fen: number | bigint | null | undefined): string {
  return fen == null ? "" : hundredths(toBig(fen), false);
}

/** Fen as plain `1234.50 元`, for a sentence (a notification, a refusal message); "" for no value. */
export function yuanWithUnit(fen: number | bigint | null | undefined): string {
  return fen == null ? "" : `${yuanPlain(fen)} 元`;
}

/** Basis points as a percentage: 900 → `9.00%`, 1250 → `12.50%`, -5 → `-0.05%`; "" for no value. */
export function formatRate(bp: number | bigint | null | undefined): string {
  return bp == null ? "" : `${hundredths(toBig(bp), false)}%`;
}

/** Basis points as the percentage a form shows: 900 → "9", 1250 → "12.5". */
export function rateInput(bp: number | null | undefined): string {
  if (bp == null) return "";
  return hundredths(toBig(bp), false).replace(/\.?0+$/, "") || "0";
}

/** A percentage typed in a form ("9", "12.5", "0.05") as basis points; null when not a non-negative number with at most 2 decimals. */
export function percentToBp(text: string): number | null {
  const value = text.trim().replace(/%$/, "").trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Kilograms as tenths-of-hundredths of a tonne (10 kg), rounded half up on the integer (away from zero). */
function tenKg(kg: bigint): bigint {
  return kg < 0n ? -((-kg + 5n) / 10n) : (kg + 5n) / 10n;
}

/** Kilograms as tonnes with 2 decimals and separators: 35505 → `35.51`, 1234567 → `1,234.57`; "" for no value. */
export function formatTonnes(kg: number | bigint | null | undefined): string {
  return kg == null ? "" : hundredths(tenKg(toBig(kg)), true);
}

/** Kilograms as plain tonnes with 2 decimals (no separators), by the same rounding rule; "" for no value. */
export function tonnesPlain(kg: number | bigint | null | undefined): string {
  return kg == null ? "" : hundredths(tenKg(toBig(kg)), false);
}

/**
 * A computed figure (a report's aggregate, already in 元 or 吨) with `places` decimals and separators:
 * 486001.4 → "486,001.40". The figure is rounded half up at `places` from its shortest decimal text
 * (`String(n)`), not from the binary double, so 2.675 gives 2.68.
 */
export function formatDecimal(value: number, places: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(Math.abs(value));
  if (/e/i.test(text)) return (value < 0 ? "-" : "") + groupThousands(Math.abs(value).toFixed(places).replace(/\..*/, "")) + (places ? `.${Math.abs(value).toFixed(places).split(".")[1]}` : "");
  const [whole, fraction = ""] = text.split(".");
  const digits = BigInt(`${whole}${fraction.padEnd(places + 1, "0").slice(0, places + 1)}`);
  const rounded = (digits + 5n) / 10n;
  const out = places ? scaled(rounded, places, true) : groupThousands(rounded.toString());
  return value < 0 && rounded !== 0n ? `-${out}` : out;
}

/** The spreadsheet number format of a figure with `places` decimals: 2 → "#,##0.00". */
export function decimalFormat(places: number): string {
  return places > 0 ? `#,##0.${"0".repeat(places)}` : "#,##0";
}

/** The number format exports give money and tonnes cells (numbers stay numbers, 2 decimals, separators). */
export const NUMBER_FORMAT_2DP = "#,##0.00";
/** The number format of a rate cell holding a fraction (0.09 shows as 9.00%). */
export const PERCENT_FORMAT = "0.00%";

/**
 * An export cell for a stored integer in hundredths (fen → 元, or 10 kg → 吨): the exact decimal as a
 * number. Fen up to 2^53 are exact as integers; the division by 100 yields the nearest double of the
 * 2-decimal value, which is what a spreadsheet stores for "1234.56" typed by hand.
 */
export function hundredthsNumber(value: bigint): number {
  return Number(hundredths(value, false));
}

/** Fen as the number of 元 an export cell holds (with `NUMBER_FORMAT_2DP`). */
export function yuanNumber(fen: number | bigint): number {
  return hundredthsNumber(toBig(fen));
}

/** Kilograms as the number of 吨 (rounded by the one rule) an export cell holds (with `NUMBER_FORMAT_2DP`). */
export function tonnesNumber(kg: number | bigint): number {
  return hundredthsNumber(tenKg(toBig(kg)));
}

/** Basis points as the fraction an export cell holds (with `PERCENT_FORMAT`): 900 → 0.09. */
export function rateNumber(bp: number | bigint): number {
  return Number(scaled(toBig(bp), 4, false));
}
