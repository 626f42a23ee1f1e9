/**
 * The parts every list's search form shares (SearchForm, FreightFilterForm): the grid, date ranges with
 * 今天 / 最近一周 / 最近一个月, the 查询 / 重置 row, and on a phone 「更多筛选」, which folds away every filter but
 * the first (an unnamed checkbox and its label: no JavaScript, nothing added to the query).
 */
import { useLocation } from "@remix-run/react";
import { addDays, chinaDate } from "../../../contract/units";

export const filtersClass = "filters";
export const filterLabelClass = "filter-label";
const TOGGLE_ID = "filters-more";

/** 今天 / 最近一周 / 最近一个月: China calendar days, the last one today (a week is today and the 6 days before). */
export function rangeShortcuts(today: string = chinaDate()): Array<{ label: string; from: string; to: string }> {
  return [
    { label: "今天", from: today, to: today },
    { label: "最近一周", from: addDays(today, -6), to: today },
    { label: "最近一个月", from: addDays(today, -29), to: today },
  ];
}

/**
 * The page's address with one range set (links that fill the range: they work without JavaScript),
 * as a query the browser resolves against the page's path (shorter than the full address).
 */
function rangeHref(search: string, name: string, from: string, to: string): string {
  const params = new URLSearchParams(search);
  params.set(`${name}From`, from);
  params.set(`${name}To`, to);
  params.delete("current");
  return `?${params}`;
}

type Values = Partial<Record<string, string>>;

/** `<name>From` – `<name>To` of an amount: two inputs in 元 (下限, 上限). */
export function AmountRange({ name, label, values, errors }: { name: string; label: string; values: Values; errors: Values }) {
  const error = errors[`${name}From`] ?? errors[`${name}To`];
  return (
    <fieldset className="min-w-0">
      <legend className={filterLabelClass}>{label}</legend>
      <div className="flex items-center gap-1">
        <input name={`${name}From`} inputMode="decimal" aria-label={`${label}下限`} placeholder="下限" defaultValue={values[`${name}From`] ?? ""} className={`input min-w-0 ${errors[`${name}From`] ? "input-error" : ""}`} />
        <span className="text-muted">至</span>
        <input name={`${name}To`} inputMode="decimal" aria-label={`${label}上限`} placeholder="上限" defaultValue={values[`${name}To`] ?? ""} className={`input min-w-0 ${errors[`${name}To`] ? "input-error" : ""}`} />
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** `<name>From` – `<name>To` as two date inputs and the shortcut links. */
export function DateRange({ name, label, values, errors }: { name: string; label: string; values: Values; errors: Values }) {
  const location = useLocation();
  const error = errors[`${name}From`] ?? errors[`${name}To`];
  return (
    <fieldset className="min-w-0">
      <legend className={filterLabelClass}>{label}</legend>
      <div className="flex items-center gap-1">
        <input type="date" name={`${name}From`} aria-label={`${label}开始`} defaultValue={values[`${name}From`] ?? ""} className={`input min-w-0 ${errors[`${name}From`] ? "input-error" : ""}`} />
        <span className="text-muted">至</span>
        <input type="date" name={`${name}To`} aria-label={`${label}结束`} defaultValue={values[`${name}To`] ?? ""} className={`input min-w-0 ${errors[`${name}To`] ? "input-error" : ""}`} />
      </div>
      <div className="range-shortcuts" aria-label={`${label}快捷选择`}>
        {rangeShortcuts().map((r) => {
          const active = values[`${name}From`] === r.from && values[`${name}To`] === r.to;
          return (
            <a key={r.label} href={rangeHref(location.search, name, r.from, r.to)} aria-current={active ? "true" : undefined}>
              {r.label}
            </a>
          );
        })}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/**
 * Placed right after the first filter: on a phone the filters after it stay folded until 「更多筛选」 is
 * ticked (`.filters-more` in tailwind.css). Open from the start when one of them is in use or wrong.
 */
export function MoreFiltersToggle({ values, errors, first }: { values: Values; errors: Values; first: string }) {
  const inUse = (record: Values) => Object.entries(record).some(([key, value]) => key !== first && key !== "current" && key !== "size" && !!value);
  return <input type="checkbox" id={TOGGLE_ID} className="filters-more sr-only" defaultChecked={inUse(values) || inUse(errors)} aria-label="更多筛选" />;
}

/** 查询, 重置 (the page without a query) and, on a phone, 「更多筛选」 when there is more than one filter. */
export function FilterActions({ more }: { more: boolean }) {
  const location = useLocation();
  return (
    <div className="filters-actions">
      <button type="submit" className="btn btn-primary">查询</button>
      <a href={location.pathname} className="btn">重置</a>
      {more ? <label htmlFor={TOGGLE_ID} className="btn cursor-pointer sm:hidden">更多筛选</label> : null}
    </div>
  );
}
