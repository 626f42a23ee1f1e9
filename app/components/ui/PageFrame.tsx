/**
 * The frame of a bespoke page (one that is not an engine list or detail): its title and toolbar, the
 * notice of the last write and the refusal of this one; and a GET filter bar for its own views.
 */
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { DateRange, filterLabelClass } from "~/components/resource/filters";

type ActionData = { error?: string | null; fieldErrors?: Record<string, string[] | null> | null } | undefined;

export function PageFrame({ title, notice, toolbar, children }: { title: string; notice?: string | null; toolbar?: React.ReactNode; children: React.ReactNode }) {
  const actionData = useActionData() as ActionData;
  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-center justify-between gap-2">
        <h2 className="page-title mb-0">{title}</h2>
        {toolbar ? <div className="flex flex-wrap gap-2">{toolbar}</div> : null}
      </div>
      {notice ? <p className="alert-success" role="status">{notice}</p> : null}
      {actionData?.error && !actionData.fieldErrors ? <p className="alert-error" role="alert">{actionData.error}</p> : null}
      {children}
    </div>
  );
}

export interface Filter {
  name: string;
  label: string;
  /** A select's choices: value → text, or a definition's options (value → { label }). */
  options?: Readonly<Record<string, string | { label: string }>>;
  /** `dateRange`: `<name>From` – `<name>To` with the shortcuts (DateRange); `flag`: a checkbox sending `1`. */
  kind?: "dateRange" | "flag";
}

/** What stands beside the inputs (a checkbox, the buttons) starts below the labels' line (`.filter-label`: text-xs and mb-1). */
const BESIDE_INPUTS = "mt-5 h-8";

function FilterInput({ filter, params }: { filter: Filter; params: URLSearchParams }) {
  const { name, label, options, kind } = filter;
  if (kind === "dateRange") return <DateRange name={name} label={label} values={Object.fromEntries(params)} errors={{}} />;
  if (kind === "flag") {
    return (
      <label className={`${BESIDE_INPUTS} flex items-center gap-1 text-sm`}>
        <input type="checkbox" name={name} value="1" defaultChecked={params.get(name) === "1"} />
        {label}
      </label>
    );
  }
  return (
    <label className="text-sm">
      <span className={filterLabelClass}>{label}</span>
      {options ? (
        <select name={name} defaultValue={params.get(name) ?? ""} className="input">
          <option value="">全部</option>
          {Object.entries(options).map(([value, text]) => <option key={value} value={value}>{typeof text === "string" ? text : text.label}</option>)}
        </select>
      ) : (
        <input name={name} defaultValue={params.get(name) ?? ""} className="input" />
      )}
    </label>
  );
}

/** A GET search form: the filters live in the URL, so a search is a link. `hidden` keeps a view's own parameters (e.g. `apply=1`). */
export function FilterBar({ filters, hidden = {} }: { filters: Filter[]; hidden?: Record<string, string> }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const reset = new URLSearchParams(hidden).toString();
  return (
    <Form method="get" key={location.search} className="card flex flex-wrap items-start gap-3" aria-label="查询条件">
      {Object.entries(hidden).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      {filters.map((f) => <FilterInput key={f.name} filter={f} params={params} />)}
      <div className={`${BESIDE_INPUTS} flex gap-2`}>
        <button type="submit" className="btn btn-primary">查询</button>
        <Link to={reset ? `${location.pathname}?${reset}` : location.pathname} className="btn">重置</Link>
      </div>
    </Form>
  );
}
