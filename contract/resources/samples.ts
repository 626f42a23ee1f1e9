/**
 * Valid identity numbers for examples and demo data: a 身份证号 (GB 11643) and a 统一社会信用代码
 * (GB 32100) completed with their check characters (contract/validation.ts), so every sample passes the
 * validators.
 */
import { creditCodeWithCheck, idCardWithCheck } from "../validation.js";

/** 身份证号 of a person born on `birth` ("YYYY-MM-DD") in `region` (6 digits), sequence 0–999 (odd: male). */
export function idCardNoOf(region: string, birth: string, sequence: number): string {
  return idCardWithCheck(`${region}${birth.replace(/-/g, "")}${String(sequence % 1000).padStart(3, "0")}`);
}

/** 统一社会信用代码 of an enterprise (91) registered in `region` (6 digits) with a 9-character organisation code body. */
export function creditCodeOf(region: string, organisation: string): string {
  return creditCodeWithCheck(`91${region}${organisation}`);
}

/** A date `days` after `start` ("YYYY-MM-DD"). */
export function dayAfter(start: string, days: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A distinct company credit code per n (Anhui region codes). */
export const sampleCreditCode = (n: number, region = "340300") => creditCodeOf(region, `MA${String(n % 10_000_000).padStart(7, "0")}`);

/** A distinct ID number per n: born 1970-01-01 plus up to ~27 years of days, region 340302. */
export const sampleIdCardNo = (n: number, region = "340302") => idCardNoOf(region, dayAfter("1970-01-01", n % 10_000), Math.floor(n / 10_000));
