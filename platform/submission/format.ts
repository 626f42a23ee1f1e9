/**
 * The ministry exchange formats (domain 8.5): amounts in 元 with 3 decimals, weights in kg with 3
 * decimals, tonnage in 吨 with 2 decimals, times `YYYYMMDDhhmmss` and dates `YYYYMMDD` in China time.
 * Integer arithmetic only: fen and kilograms never pass through floating point.
 */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** Fen as 元 with 3 decimals: 1234567 → "12345.670". */
export function yuan3(fen: number): string {
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(Math.round(fen));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}0`;
}

/** Whole kilograms with 3 decimals: 32150 → "32150.000". */
export function kg3(kg: number): string {
  return `${Math.round(kg)}.000`;
}

/** Kilograms as tonnes with 2 decimals, rounded half up: 35000 → "35.00". */
export function tonnes2(kg: number): string {
  const tenKg = Math.round(kg / 10);
  return `${Math.trunc(tenKg / 100)}.${String(tenKg % 100).padStart(2, "0")}`;
}

/** An ISO instant as `YYYYMMDDhhmmss` in China time. */
export function chinaStamp(iso: string | Date): string {
  return new Date(new Date(iso).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace(/[-T:]/g, "");
}

/** A date `YYYY-MM-DD` (or an instant) as `YYYYMMDD`. */
export function compactDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.replace(/-/g, "") : chinaStamp(value).slice(0, 8);
}

/** Plate number as the ministry wants it: without the middle dot. */
export function ministryPlate(plate: string): string {
  return plate.replace(/[·•\s]/g, "");
}

/** Administrative division codes (GB/T 2260) of the cities our waybills run between; matched in an address. */
const CITY_CODES: ReadonlyArray<[string, string]> = [
  ["合肥", "340100"], ["芜湖", "340200"], ["蚌埠", "340300"], ["淮南", "340400"], ["马鞍山", "340500"], ["淮北", "340600"],
  ["铜陵", "340700"], ["安庆", "340800"], ["黄山", "341000"], ["滁州", "341100"], ["阜阳", "341200"], ["宿州", "341300"],
  ["六安", "341500"], ["亳州", "341600"], ["池州", "341700"], ["宣城", "341800"], ["南京", "320100"], ["无锡", "320200"],
  ["徐州", "320300"], ["常州", "320400"], ["苏州", "320500"], ["南通", "320600"], ["扬州", "321000"], ["镇江", "321100"],
  ["泰州", "321200"], ["上海", "310000"], ["郑州", "410100"], ["武汉", "420100"], ["杭州", "330100"], ["济南", "370100"],
];

/** The city's division code found in an address ("安徽省蚌埠市…" → 340300), or null. */
export function regionCodeOf(address: string): string | null {
  const city = /(?:省|自治区)?([^省市区]{2,4}?)市/.exec(address)?.[1];
  const found = CITY_CODES.find(([name]) => name === city) ?? CITY_CODES.find(([name]) => address.includes(name));
  return found?.[1] ?? null;
}

/** Great-circle distance in kilometres. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
