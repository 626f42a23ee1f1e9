/**
 * Valid identity numbers for examples and demo data: a 身份证号 with its GB 11643 check character and a
 * 统一社会信用代码 with its GB 32100 check character, built from their bodies.
 */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

/** 身份证号 of a person born on `birth` ("YYYY-MM-DD") in `region` (6 digits), sequence 0–999 (odd: male). */
export function idCardNoOf(region: string, birth: string, sequence: number): string {
  const body = `${region}${birth.replace(/-/g, "")}${String(sequence % 1000).padStart(3, "0")}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * ID_WEIGHTS[i]!;
  return `${body}${ID_CHECK[sum % 11]}`;
}

const CREDIT_ALPHABET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** 统一社会信用代码 of an enterprise (91) registered in `region` (6 digits) with a 9-character organisation code body. */
export function creditCodeOf(region: string, organisation: string): string {
  const body = `91${region}${organisation}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_ALPHABET.indexOf(body[i]!) * CREDIT_WEIGHTS[i]!;
  return `${body}${CREDIT_ALPHABET[(31 - (sum % 31)) % 31]}`;
}

/** A date `days` after `start` ("YYYY-MM-DD"). */
export function dayAfter(start: string, days: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
