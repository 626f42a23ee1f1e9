/**
 * Calendar helpers. Timestamps are stored as ISO-8601 UTC text, but the users' calendar is China's
 * (UTC+8, no daylight saving), so date filters, "today" and daily series are China days.
 */
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

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
