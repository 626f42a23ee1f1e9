/**
 * Domain validators shared by the console (browser) and the platform (server).
 *
 * Pure functions without dependencies. Unless a doc comment says otherwise, a
 * validator does NOT trim or case-fold its input (normalise first where a
 * helper exists, e.g. `normalisePlateNo`) and returns `false` for anything that
 * is not a string, so a stray `undefined` from untyped code is never accepted.
 * The `…Error` functions return a Chinese message for a form, or `null` when
 * the value is valid.
 */
import { chinaToday, isChinaDate } from "./units.js";

/**
 * A mainland mobile number: 11 digits, 1 then 3–9 (162 / 165 / 167 and the other new
 * segments are real numbers). The only copy: forms, the platform and imports all use it.
 */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

/**
 * Spec 5: keep letters, digits, Chinese characters, apostrophe, dot and hyphen. "Dot" includes the
 * middle dot (·): it separates the parts of minority and foreign names (买买提·艾力) and stands in
 * plates (皖A·T1050), so stripping it would change the name or plate a user typed.
 */
export function stripSpecialCharacters(value: string): string {
  return value.replace(/[^A-Za-z0-9\u4e00-\u9fa5'.\u00b7\-]/g, "");
}

/**
 * The one rule for every address a record stores (转账凭证, 磅单, 证照图片, 下载地址…): an absolute
 * http(s) URL with a plain host, or a file of the platform's file service (`/files/…`, no `..` and no
 * `//`). Anything else — `javascript:`, `data:`, `//host`, other paths of the console — is refused, so
 * a stored address is safe to render as a link. At most 512 characters, no whitespace.
 */
export function isStoredUrl(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 512 || /\s/.test(value)) return false;
  if (value.startsWith("/files/")) return /^\/files\/[A-Za-z0-9_\-][A-Za-z0-9._\-]*(\/[A-Za-z0-9_\-][A-Za-z0-9._\-]*)*$/.test(value) && !value.includes("..");
  return /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.\-]*[A-Za-z0-9])?(?::\d{1,5})?(?:[/?#][^\s]*)?$/i.test(value);
}

// ---------------------------------------------------------------------------
// Internal helpers
// ---------------------------------------------------------------------------

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function test(pattern: RegExp, value: unknown): boolean {
  return isString(value) && pattern.test(value);
}

/**
 * Province-level codes of GB/T 2260 (first two digits of an administrative
 * division code and of an ID card number): 11-15, 21-23, 31-37, 41-46, 50-54,
 * 61-65, 71 (Taiwan), 81 (Hong Kong), 82 (Macao), 83 (Taiwan residents' residence
 * permit), 91 (abroad / historical).
 */
const PROVINCE_CODES: ReadonlySet<string> = new Set([
  "11", "12", "13", "14", "15",
  "21", "22", "23",
  "31", "32", "33", "34", "35", "36", "37",
  "41", "42", "43", "44", "45", "46",
  "50", "51", "52", "53", "54",
  "61", "62", "63", "64", "65",
  "71", "81", "82", "83", "91",
]);

// ---------------------------------------------------------------------------
// 居民身份证号 (GB 11643-1999)
// ---------------------------------------------------------------------------

const ID_CARD_PATTERN = /^\d{17}[\dXx]$/;
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK_CHARS = "10X98765432";
const ID_CARD_EARLIEST_BIRTH = "1900-01-01";

/** ISO 7064 MOD 11-2 check character of a 17-digit ID card body ("0"-"9" or "X"). */
function idCardCheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * ID_CARD_WEIGHTS[i];
  return ID_CARD_CHECK_CHARS[sum % 11];
}

/** A 17-digit ID card body completed with its check character (examples and demo data). */
export function idCardWithCheck(body17: string): string {
  return `${body17}${idCardCheckChar(body17)}`;
}

/**
 * Why an 18-character resident ID card number (居民身份证号, GB 11643-1999) is
 * invalid, in Chinese, or `null` when it is valid. Rules: 17 digits and a check
 * character 0-9 / X (lowercase x accepted); the first two digits a province code
 * (GB/T 2260); positions 7-14 a real birth date from 1900-01-01 to today (China
 * time); the last character the ISO 7064 MOD 11-2 check character. The old
 * 15-digit form is not accepted.
 */
export function idCardNoError(value: string): string | null {
  if (!isString(value) || value === "") return "请输入身份证号";
  if (!ID_CARD_PATTERN.test(value)) return "身份证号应为18位：前17位为数字，末位为数字或X";
  if (!PROVINCE_CODES.has(value.slice(0, 2))) return "身份证号的省份代码无效";
  const birth = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  if (!isChinaDate(birth) || birth < ID_CARD_EARLIEST_BIRTH || birth > chinaToday()) {
    return "身份证号中的出生日期无效";
  }
  if (idCardCheckChar(value) !== value[17].toUpperCase()) return "身份证号校验位不正确";
  return null;
}

/** 18-character resident ID card number per GB 11643-1999; see `idCardNoError` for the rules. */
export function isIdCardNo(value: string): boolean {
  return idCardNoError(value) === null;
}

/** Birth date ("YYYY-MM-DD", positions 7-14) of a valid ID card number, else `null`. */
export function idCardBirthDate(value: string): string | null {
  if (!isIdCardNo(value)) return null;
  return `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
}

/** Gender of a valid ID card number per GB 11643-1999: 17th digit odd = "M", even = "F"; else `null`. */
export function idCardGender(value: string): "M" | "F" | null {
  if (!isIdCardNo(value)) return null;
  return Number(value[16]) % 2 === 1 ? "M" : "F";
}

// ---------------------------------------------------------------------------
// 统一社会信用代码 (GB 32100-2015)
// ---------------------------------------------------------------------------

const CREDIT_CODE_ALPHABET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** 18 characters of the code alphabet: digits and upper-case letters except I, O, S, V, Z. */
const CREDIT_CODE_CHARS = /^[0-9A-HJ-NP-RTUW-Y]{18}$/;
const CREDIT_CODE_REGION = /^\d{6}$/;

/**
 * Why a unified social credit code (统一社会信用代码, GB 32100-2015) is invalid,
 * in Chinese, or `null`. Rules: 18 characters of "0123456789ABCDEFGHJKLMNPQRTUWXY"
 * (upper case; no I, O, S, V, Z); the first two (registration department and
 * category) any alphabet character; positions 3-8 digits (GB/T 2260 region
 * code); the 18th character = 31 − (Σ value(Cᵢ)·Wᵢ mod 31), 31 → 0, with
 * weights 1 3 9 27 19 26 16 17 20 29 25 13 8 24 10 30 28.
 */
export function creditCodeError(value: string): string | null {
  if (!isString(value) || value === "") return "请输入统一社会信用代码";
  if (!CREDIT_CODE_CHARS.test(value)) return "统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）";
  if (!CREDIT_CODE_REGION.test(value.slice(2, 8))) return "统一社会信用代码第3至8位应为行政区划码";
  if (creditCodeCheckChar(value) !== value[17]) return "统一社会信用代码校验位不正确";
  return null;
}

function creditCodeCheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += CREDIT_CODE_ALPHABET.indexOf(body[i]) * CREDIT_CODE_WEIGHTS[i];
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31];
}

/** A 17-character credit code body completed with its check character (examples and demo data). */
export function creditCodeWithCheck(body17: string): string {
  return `${body17}${creditCodeCheckChar(body17)}`;
}

/** Unified social credit code per GB 32100-2015; see `creditCodeError` for the rules. */
export function isCreditCode(value: string): boolean {
  return creditCodeError(value) === null;
}

// ---------------------------------------------------------------------------
// 机动车号牌 (GA 36-2018)
// ---------------------------------------------------------------------------

const PLATE_PROVINCES = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼";

/**
 * Motor vehicle plate number per GA 36-2018: a province abbreviation, an
 * issuing-authority letter A-Z without I and O, an optional middle dot "·"
 * (U+00B7), then one of
 * - ordinary (7 characters): 5 of [A-HJ-NP-Z0-9] — 皖A12345, 皖A·3K721;
 * - trailer / learner / police: 4 of [A-HJ-NP-Z0-9] + 挂, 学 or 警 — 皖A1234挂;
 * - new energy, small vehicle (8 characters): D or F, one of [A-HJ-NP-Z0-9], 4 digits — 京AD12345;
 * - new energy, large vehicle: 5 digits + D or F — 粤B12345F.
 * Upper case only: pass user input through `normalisePlateNo` first.
 */
export const PLATE_PATTERN =
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z]·?(?:[A-HJ-NP-Z0-9]{5}|[A-HJ-NP-Z0-9]{4}[挂学警]|[DF][A-HJ-NP-Z0-9]\d{4}|\d{5}[DF])$/;

/** Plate number per GA 36-2018 (ordinary, 挂/学/警 and new-energy forms); see `PLATE_PATTERN`. */
export function isPlateNo(value: string): boolean {
  return test(PLATE_PATTERN, value);
}

/** Why a plate number is invalid, in Chinese, or `null`; see `PLATE_PATTERN` for the rules. */
export function plateNoError(value: string): string | null {
  if (!isString(value) || value === "") return "请输入车牌号";
  if (!PLATE_PROVINCES.includes(value[0])) return "车牌号首字应为省份简称";
  if (!isPlateNo(value)) return "车牌号格式不正确";
  return null;
}

/** Middle-dot look-alikes users type or paste: · • ・ ･ . and the full-width full stop. */
const PLATE_DOTS = /[·•・･.．]/g;

/**
 * A plate number without separators: full-width letters and digits made
 * half-width, upper-cased, whitespace and any middle dot removed — "皖a·12345" → "皖A12345".
 * Does not validate.
 */
export function plateWithoutDot(value: string): string {
  return value
    .replace(PLATE_DOTS, "")
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .toUpperCase()
    .replace(/\s/g, "");
}

/**
 * The stored form of a plate number: `plateWithoutDot`, then "·" after the
 * two-character prefix — "皖a12345" → "皖A·12345", "京 ad 12345" → "京A·D12345".
 * Values of two characters or fewer get no dot. Does not validate.
 */
export function normalisePlateNo(value: string): string {
  const bare = plateWithoutDot(value);
  return bare.length > 2 ? `${bare.slice(0, 2)}·${bare.slice(2)}` : bare;
}

// ---------------------------------------------------------------------------
// 道路运输证号, 从业资格证号
// ---------------------------------------------------------------------------

const ROAD_TRANSPORT_CERT_PATTERN = /^[\u4e00-\u9fa5]{0,6}\d{6,20}$/;

/**
 * Road transport certificate number (道路运输证号): 6-20 digits (for vehicles
 * ≤ 4.5 t the 6-digit region code + "000000"), optionally prefixed by up to 6
 * Chinese characters such as "皖交运管字340100123456"; at most 20 characters in all.
 */
export function isRoadTransportCertNo(value: string): boolean {
  return test(ROAD_TRANSPORT_CERT_PATTERN, value) && value.length <= 20;
}

const QUALIFICATION_CERT_PATTERN = /^[0-9A-Za-z]{6,18}$/;

/**
 * Driver's qualification certificate number (从业资格证号): 6-18 letters or
 * digits; usually the 18-character ID card number, for drivers of vehicles
 * ≤ 4.5 t the ID card's first 6 digits + "000000000000".
 */
export function isQualificationCertNo(value: string): boolean {
  return test(QUALIFICATION_CERT_PATTERN, value);
}

// ---------------------------------------------------------------------------
// Ships: MMSI, 船舶识别号, IMO number
// ---------------------------------------------------------------------------

/** Maritime Mobile Service Identity (ITU-R M.585): exactly 9 digits. */
export function isMmsi(value: string): boolean {
  return test(/^\d{9}$/, value);
}

/** MMSI of a Chinese ship station: 9 digits starting with an MID of China, 412, 413 or 414. */
export function isChineseMmsi(value: string): boolean {
  return test(/^41[234]\d{6}$/, value);
}

/** Ship identification number (船舶识别号, China MSA): "CN" + 11 digits. */
export function isShipIdentityNo(value: string): boolean {
  return test(/^CN\d{11}$/, value);
}

/**
 * IMO ship identification number (IMO Res. A.1117(30)): "IMO" + 7 digits, the
 * 7th the last digit of Σ dᵢ·wᵢ over the first six with weights 7 6 5 4 3 2 —
 * "IMO9074729". The bare digits are not accepted.
 */
export function isImo(value: string): boolean {
  if (!test(/^IMO\d{7}$/, value)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(value[3 + i]) * (7 - i);
  return sum % 10 === Number(value[9]);
}

// ---------------------------------------------------------------------------
// Telephone, tax number, bank account, region code, VIN
// ---------------------------------------------------------------------------

/** Fixed-line number: trunk prefix 0, 2-3 digit area code, optional hyphen, 7-8 digit local number. */
export const FIXED_PHONE_PATTERN = /^0\d{2,3}-?\d{7,8}$/;

/** A mobile number (`MOBILE_PATTERN`) or a fixed-line number (`FIXED_PHONE_PATTERN`). */
export function isPhone(value: string): boolean {
  return test(MOBILE_PATTERN, value) || test(FIXED_PHONE_PATTERN, value);
}

/** Taxpayer identification number (纳税人识别号): 15, 17, 18 or 20 characters of [0-9A-Z]. */
export function isTaxNo(value: string): boolean {
  return test(/^(?:[0-9A-Z]{15}|[0-9A-Z]{17,18}|[0-9A-Z]{20})$/, value);
}

/** Luhn (ISO/IEC 7812-1 mod 10) check over a non-empty string of digits; `false` for anything else. */
export function luhnValid(digits: string): boolean {
  if (!test(/^\d+$/, digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface BankCardOptions {
  /** A personal card (12-19 digits, Luhn checked) rather than a corporate account (8-32 digits). */
  personal: boolean;
}

/**
 * Why a bank card / account number is invalid, in Chinese, or `null`.
 * Personal cards (default): 12-19 digits passing the Luhn check (ISO/IEC 7812);
 * corporate accounts: 8-32 digits, no check digit.
 */
export function bankCardNoError(value: string, options: BankCardOptions = { personal: true }): string | null {
  if (!isString(value) || value === "") return options.personal ? "请输入银行卡号" : "请输入对公账号";
  if (!options.personal) return /^\d{8,32}$/.test(value) ? null : "对公账号应为8至32位数字";
  if (!/^\d{12,19}$/.test(value)) return "银行卡号应为12至19位数字";
  return luhnValid(value) ? null : "银行卡号校验不通过，请核对";
}

/** Bank card / account number; see `bankCardNoError` for the rules. */
export function isBankCardNo(value: string, options: BankCardOptions = { personal: true }): boolean {
  return bankCardNoError(value, options) === null;
}

/** Administrative division code (GB/T 2260): 6 digits, the first two a province code, not "000000". */
export function isRegionCode(value: string): boolean {
  return test(/^\d{6}$/, value) && value !== "000000" && PROVINCE_CODES.has(value.slice(0, 2));
}

/** Vehicle identification number (GB 16735 / ISO 3779): 17 characters of digits and A-Z without I, O, Q. */
export function isVin(value: string): boolean {
  return test(/^[A-HJ-NPR-Z0-9]{17}$/, value);
}

// ---------------------------------------------------------------------------
// Dates (China Standard Time, UTC+8)
// ---------------------------------------------------------------------------

// The China calendar and the one date check live in contract/units.ts.
export { chinaToday, isChinaDate };

/**
 * A real "YYYY-MM-DD" date on or after `today` — by default the current date in
 * China (UTC+8); pass a "YYYY-MM-DD" string or a Date (read in China time).
 * Throws RangeError when `today` is not a real date.
 */
export function notBeforeToday(value: string, today: string | Date = chinaToday()): boolean {
  const floor = typeof today === "string" ? today : chinaToday(today);
  if (!isChinaDate(floor)) throw new RangeError(`notBeforeToday: today must be "YYYY-MM-DD", got ${String(today)}`);
  return isChinaDate(value) && value >= floor;
}

// ---------------------------------------------------------------------------
// Visible text
// ---------------------------------------------------------------------------

/**
 * Characters that show nothing: whitespace (incl. U+3000 and NBSP), control
 * characters (Cc, incl. NUL), format characters (Cf: zero-width space/joiners
 * U+200B-U+200D, word joiner U+2060, BOM U+FEFF, bidi marks, soft hyphen), the
 * Hangul fillers and the blank braille pattern.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\u200b-\u200d\u2060\ufeff\u115f\u1160\u3164\uffa0\u2800]/gu;

/** True when the string has at least one visible character — not only whitespace, zero-width or control characters. */
export function hasVisibleText(value: string): boolean {
  return isString(value) && value.replace(INVISIBLE, "").length > 0;
}
