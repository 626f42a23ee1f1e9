/**
 * The shape of GB/T 2260 codes, without the table (safe for the browser; the names and the check that a
 * code exists are in contract/regions.ts). A code is hierarchical: 32 0000 is 江苏省, 3213 00 宿迁市,
 * 321302 宿城区; a municipality (110000 北京市) stands as its own city.
 */

/** The submit button that asks for the next level's choices without saving (forms without JavaScript). */
export const CASCADE_INTENT = "_cascade";

/** The form names of a region field's three selects: `<key>__p`, `<key>__c`, `<key>__d`. */
export const regionPartNames = (key: string) => ({ province: `${key}__p`, city: `${key}__c`, district: `${key}__d` });

const SIX = /^\d{6}$/;

/**
 * The stored code from the three selects: the deepest level chosen that lies inside the level above
 * (a district left from another city, or a city from another province, is dropped). "" for none.
 */
export function regionFromParts(province: string, city: string, district: string): string {
  if (!SIX.test(province) || !province.endsWith("0000")) return "";
  if (!SIX.test(city) || city.slice(0, 2) !== province.slice(0, 2)) return province;
  const municipality = city === province;
  if (!SIX.test(district) || district === city) return city;
  const inside = municipality ? district.slice(0, 2) === province.slice(0, 2) && !district.endsWith("00") : district.slice(0, 4) === city.slice(0, 4);
  return inside ? district : city;
}

/**
 * The code prefix a place filter matches: a province matches all its cities and counties (32), a city
 * its counties (3213), a county itself (321302).
 */
export function regionPrefix(code: string): string {
  if (!SIX.test(code)) return code;
  if (code.endsWith("0000")) return code.slice(0, 2);
  if (code.endsWith("00")) return code.slice(0, 4);
  return code;
}

/**
 * A posted form or a query with each place field's three selects folded into the field's own value,
 * before the form's schema reads it (ResourceForm in the browser, the page's action, list queries).
 * When no 省 select was sent (an API caller, a plain input) the field's own value is kept.
 */
export function foldRegionParts<T extends FormData | URLSearchParams>(data: T, keys: readonly string[]): T {
  if (!keys.some((key) => data.has(regionPartNames(key).province))) return data;
  const out = (data instanceof URLSearchParams ? new URLSearchParams(data) : new FormData()) as T;
  if (out instanceof FormData) for (const [name, value] of (data as FormData).entries()) out.append(name, value);
  for (const key of keys) {
    const names = regionPartNames(key);
    if (!data.has(names.province)) continue;
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : "";
    };
    out.set(key, regionFromParts(text(names.province), text(names.city), text(names.district)));
    out.delete(names.province);
    out.delete(names.city);
    out.delete(names.district);
  }
  return out;
}
