/**
 * Units and China time: the only copy. Weight is stored in kilograms and shown in 吨; money is stored
 * in fen and shown in 元 (both integers in the database, 2 decimals on screen, docs/architecture.md "Conventions").
 *
 * Calendar helpers. Timestamps are stored as ISO-8601 UTC text, but the users' calendar is China's
 * (UTC+8, no daylight saving), so date filters, "today" and daily series are China days.
 */

/** The users' time zone (China Standard Time: UTC+8 all year, no daylight saving), for SQL that needs its name. */
export const CHINA_TIME_ZONE = "Asia/Shanghai";
/** China's offset from UTC in hours, for SQL date arithmetic (SQLite's `datetime(x, '+8 hours')`). */
export const CHINA_OFFSET_HOURS = 8;
const CHINA_OFFSET_MS = CHINA_OFFSET_HOURS * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The text form of a China calendar date. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) => [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;

/**
 * "YYYY-MM-DD" naming a real Gregorian date (leap years included), year 0001–9999: the one date check
 * behind every date field, filter and report parameter (2026-02-30 is refused everywhere).
 */
export function isChinaDate(value: unknown): value is string {
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Today's China calendar date; throws RangeError for an invalid Date. */
export function chinaToday(now: Date = new Date()): string {
  return chinaDate(now);
}

/** The China calendar date ("YYYY-MM-DD") of an instant. */
export function chinaDate(instant: Date | string | number = new Date()): string {
  return new Date(new Date(instant).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC instant (ISO text) at which a China calendar date begins. */
export function chinaDayStart(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - CHINA_OFFSET_MS).toISOString();
}

/** The UTC instant (ISO text) at which the day after a China calendar date begins. */
export function chinaDayEnd(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - CHINA_OFFSET_MS + DAY_MS).toISOString();
}

/** The first instant of a China calendar month ("YYYY-MM") and of the next one, as ISO text: `from <= t < to`. */
export function chinaMonthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${String(y + 1).padStart(4, "0")}-01` : `${month.slice(0, 4)}-${String(m + 1).padStart(2, "0")}`;
  return { from: chinaDayStart(`${month}-01`), to: chinaDayStart(`${next}-01`) };
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** "YYYY-MM-DD HH:mm:ss" in China time, as exports show times. */
export function chinaDateTime(iso: string | null): string {
  if (!iso) return "";
  return new Date(Date.parse(iso) + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** "YYYYMMDD" of the China calendar date, for numbers and file names. */
export function chinaCompactDate(instant: Date | string | number = new Date()): string {
  return chinaDate(instant).replace(/-/g, "");
}

const DECIMAL = (places: number) => new RegExp(`^\\d{1,9}(\\.\\d{1,${places}})?$`);
const TONNES_TEXT = DECIMAL(3);
const YUAN_TEXT = DECIMAL(2);

/** "35.5" 吨 → 35500 kg; null when the text is not a non-negative number with at most 3 decimals. */
export function tonnesToKg(text: string): number | null {
  const value = text.trim();
  if (!TONNES_TEXT.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
}

/** "12.5" 元 → 1250 fen; null when the text is not a non-negative amount with at most 2 decimals. */
export function yuanToFen(text: string): number | null {
  const value = text.trim();
  if (!YUAN_TEXT.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The China local time "YYYY-MM-DDTHH:mm" (a datetime-local input) of an ISO instant. */
export function chinaLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A China local "YYYY-MM-DDTHH:mm[:ss]" (a datetime-local input) as an ISO instant; null when not a real time. */
export function chinaLocalToIso(local: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [, date, hh, mm, ss = "00"] = match;
  const time = Date.parse(`${date}T${hh}:${mm}:${ss}Z`);
  if (Number.isNaN(time) || !new Date(time).toISOString().startsWith(`${date}T${hh}:${mm}`)) return null;
  return new Date(time - CHINA_OFFSET_MS).toISOString();
}

/** Kilograms as the shortest tonnes text that converts back to the same kilograms (a form's input: 35500 → "35.5"). */
export function kgToTonnesInput(kg: number | null | undefined): string {
  return kg == null ? "" : String(kg / 1000);
}

/** "YYYY-MM-DD HH:mm:ss" in China time, as pages show times; "-" for no value or not a time. */
export function chinaDateTimeOrDash(iso: string | null | undefined): string {
  return iso && !Number.isNaN(Date.parse(iso)) ? chinaDateTime(iso) : "-";
}

/**
 * Content-Disposition of a download: an ASCII fallback name for old clients and the UTF-8 name
 * (RFC 6266, RFC 5987).
 */
export function attachmentDisposition(asciiName: string, utf8Name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(utf8Name)}`;
}
