/**
 * 省 / 市 / 区: three chained selects for a place (a GB/T 2260 code, contract/regions.ts).
 *
 * The choices come from the server (the loader or the action computes them for the current value), so
 * the browser never loads the division table up front. Without JavaScript, 「选择」 submits the form
 * with `_cascade`: the page re-renders with the next level's choices and everything typed kept. With
 * JavaScript the button hides and a change refreshes the next level at once from the table, loaded
 * on the first change as its own chunk.
 */
import { useEffect, useState } from "react";
import type { Region, RegionChoice } from "../../../contract/regions";
import { CASCADE_INTENT, regionPartNames } from "../../../contract/region-code";
import { FieldError, RequiredMark } from "~/components/ui/FieldParts";

interface Props {
  name: string;
  id: string;
  label: string;
  choice: RegionChoice | undefined;
  required?: boolean;
  error?: string;
  hint?: string;
  /** A search form: "全部" instead of "请选择". */
  filter?: boolean;
}

type Levels = Pick<RegionChoice, "province" | "city" | "district" | "cities" | "districts">;

const EMPTY: Levels = { province: "", city: "", district: "", cities: [], districts: [] };

export function RegionSelect({ name, id, label, choice, required = false, error, hint, filter = false }: Props) {
  const names = regionPartNames(name);
  const [hydrated, setHydrated] = useState(false);
  const [levels, setLevels] = useState<Levels>(choice ?? EMPTY);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setLevels(choice ?? EMPTY), [choice]);
  const provinces: Region[] = choice?.provinces ?? [];
  const change = async (level: "province" | "city" | "district", code: string) => {
    if (level === "district") return setLevels((now) => ({ ...now, district: code }));
    const { regionChildren } = await import("../../../contract/regions");
    if (level === "province") {
      const cities = regionChildren(code, "city");
      // A municipality is its own one city: choose it, and offer its districts straight away.
      const city = cities.length === 1 && cities[0]!.code === code ? code : "";
      setLevels({ province: code, city, district: "", cities, districts: city ? regionChildren(city, "district") : [] });
    } else setLevels((now) => ({ ...now, city: code, district: "", districts: regionChildren(code, "district") }));
  };
  const blank = filter ? "全部" : "请选择";
  const described = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  const select = (level: "province" | "city" | "district", list: Region[], text: string) => (
    <select
      id={level === "province" ? id : `${id}-${level}`}
      name={names[level]}
      value={levels[level]}
      onChange={(event) => void change(level, event.target.value)}
      aria-label={`${label}（${text}）`}
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      aria-required={required && level === "province" ? true : undefined}
      className={`input min-w-0 ${error ? "input-error" : ""}`}
      data-testid={`region-${name}-${level}`}
    >
      <option value="">{level === "province" ? blank : `${text}（${blank}）`}</option>
      {list.map((r) => (
        <option key={r.code} value={r.code}>{r.name}</option>
      ))}
    </select>
  );
  return (
    <div className="min-w-0" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className={filter ? "filter-label" : "mb-1 block text-sm text-gray-600"}>
        <label htmlFor={id}>{label}</label>
        {required ? <RequiredMark /> : null}
      </span>
      <div className="flex items-center gap-1">
        {select("province", provinces, "省")}
        {select("city", levels.cities, "市")}
        {select("district", levels.districts, "区")}
        {hydrated ? null : (
          <button type="submit" name={CASCADE_INTENT} value={name} formNoValidate className="btn shrink-0" title="按所选的省、市列出下一级">
            选择
          </button>
        )}
      </div>
      {hint ? <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">{hint}</p> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
