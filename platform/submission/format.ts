/**
 * The ministry exchange formats (domain 8.5): amounts in 元 with 3 decimals, weights in kg with 3
 * decimals, tonnage in 吨 with 2 decimals, times `YYYYMMDDhhmmss` and dates `YYYYMMDD` in China time.
 * Integer arithmetic only: fen and kilograms never pass through floating point.
 */
import { chinaDateTime, DATE_PATTERN } from "../../contract/units.js";

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
  return chinaDateTime(new Date(iso).toISOString()).replace(/[- :]/g, "");
}

/** A date `YYYY-MM-DD` (or an instant) as `YYYYMMDD`. */
export function compactDate(value: string): string {
  return DATE_PATTERN.test(value) ? value.replace(/-/g, "") : chinaStamp(value).slice(0, 8);
}

/** Plate number as the ministry wants it: without the middle dot. */
export function ministryPlate(plate: string): string {
  return plate.replace(/[·•\s]/g, "");
}

/** Great-circle distance in kilometres. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
