/**
 * The frame of a bespoke page (one that is not an engine list or detail): its title and toolbar, the
 * notice of the last write and the refusal of this one; and a GET filter bar for its own views.
 */
import { Form, Link, useActionData, useLocation } from "@remix-run/react";

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
  options?: Readonly<Record<string, string>>;
}

/** A GET search form: the filters live in the URL, so a search is a link. `hidden` keeps a view's own parameters (e.g. `apply=1`). */
export function FilterBar({ filters, hidden = {} }: { filters: Filter[]; hidden?: Record<string, string> }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const reset = new URLSearchParams(hidden).toString();
  return (
    <Form method="get" className="card flex flex-wrap items-end gap-3" aria-label="查询条件">
      {Object.entries(hidden).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      {filters.map((f) => (
        <label key={f.name} className="flex flex-col gap-1 text-sm">
          <span>{f.label}</span>
          {f.options ? (
            <select name={f.name} defaultValue={params.get(f.name) ?? ""} className="input">
              <option value="">全部</option>
              {Object.entries(f.options).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          ) : (
            <input name={f.name} defaultValue={params.get(f.name) ?? ""} className="input" />
          )}
        </label>
      ))}
      <button type="submit" className="btn btn-primary">查询</button>
      <Link to={reset ? `${location.pathname}?${reset}` : location.pathname} className="btn">重置</Link>
    </Form>
  );
}
