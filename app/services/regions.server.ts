/**
 * The 省 / 市 / 区 choices a page's place fields show (RegionSelect): computed on the server from the
 * division table (contract/regions.ts), for a stored code or for the three selects as posted.
 */
import { regionChoice, regionLevels, type RegionChoice } from "../../contract/regions";
import { regionPartNames } from "../../contract/region-code";
import type { AnyResource } from "../../contract/resources/kit";

export type RegionChoices = Record<string, RegionChoice>;

/** The place fields of a definition, optionally only some keys (a form's, a filter's). */
export function regionFieldKeys(def: AnyResource, only?: readonly string[]): string[] {
  return Object.entries(def.fields)
    .filter(([key, field]) => field.kind === "region" && (!only || only.includes(key)))
    .map(([key]) => key);
}

/**
 * Choices for each key: from the three posted selects when the source has them (a 「选择」 or a refused
 * save keeps what was chosen), else from the stored code.
 */
export function regionChoicesOf(keys: readonly string[], source: { get(name: string): unknown } | null, stored: (key: string) => unknown = () => null): RegionChoices {
  const out: RegionChoices = {};
  for (const key of keys) {
    const names = regionPartNames(key);
    const text = (name: string) => {
      const value = source?.get(name);
      return typeof value === "string" ? value : "";
    };
    if (source && (source.get(names.province) !== null && source.get(names.province) !== undefined)) {
      out[key] = regionChoice({ province: text(names.province), city: text(names.city), district: text(names.district) });
    } else {
      const code = source ? text(key) || String(stored(key) ?? "") : String(stored(key) ?? "");
      // A filter may hold a prefix (34 = 安徽省, 3403 = 蚌埠市): read as the division it names.
      out[key] = regionChoice(regionLevels(/^\d{2}$|^\d{4}$/.test(code) ? code.padEnd(6, "0") : code));
    }
  }
  return out;
}
