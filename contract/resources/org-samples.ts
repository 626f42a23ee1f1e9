/**
 * Valid identity numbers for examples and demo data: a 统一社会信用代码 (GB 32100) or a 身份证号
 * (GB 11643) completed with its check character, so every sample passes the validators.
 */
const CREDIT_ALPHABET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECKS = "10X98765432";

/** 17 characters of the credit-code alphabet + the GB 32100 check character. */
export function creditCodeOf(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += CREDIT_ALPHABET.indexOf(body17[i]!) * CREDIT_WEIGHTS[i]!;
  return body17 + CREDIT_ALPHABET[(31 - (sum % 31)) % 31];
}

/** 17 digits (region, birth date, sequence) + the GB 11643 check character. */
export function idCardNoOf(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body17[i]) * ID_WEIGHTS[i]!;
  return body17 + ID_CHECKS[sum % 11];
}

/** A distinct company credit code per n (Anhui region codes). */
export const sampleCreditCode = (n: number, region = "340300") => creditCodeOf(`91${region}MA${String(n % 10_000_000).padStart(7, "0")}`);

/** A distinct ID number per n: born 1970-01-01 plus up to ~27 years of days, region 340302. */
export function sampleIdCardNo(n: number, region = "340302"): string {
  const birth = new Date(Date.UTC(1970, 0, 1) + (n % 10_000) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");
  return idCardNoOf(`${region}${birth}${String(Math.floor(n / 10_000) % 1000).padStart(3, "0")}`);
}
