/**
 * The building blocks of the money pages: a table whose columns say how to show each value (元 with 2
 * decimals, China time, a status label), a GET filter bar, the page frame with its notice and refusal,
 * and a confirmation dialog opened by `?confirm=<intent>:<id>` that posts the intent (works without JavaScript).
 */
import { Form, Link, useActionData, useLocation, useNavigate } from "@remix-run/react";
import { chinaDateTime } from "../../../contract/units";
import { fenToYuan } from "~/lib/format";
import { Dialog } from "~/components/ui/Dialog";
import { Pagination } from "~/components/ui/Pagination";
import type { LabelledSum } from "~/lib/footer-sums";
import { RowActionMenu } from "~/components/ui/RowActionMenu";

export type Row = Record<string, unknown>;

export interface Column {
  key: string;
  label: string;
  kind?: "fen" | "signedFen" | "time" | "text";
  labels?: Readonly<Record<string, string>>;
  render?: (row: Row) => React.ReactNode;
}

function cell(row: Row, c: Column): React.ReactNode {
  if (c.render) return c.render(row);
  const v = row[c.key];
  if (v === null || v === undefined || v === "") return "—";
  if (c.kind === "fen") return fenToYuan(Number(v));
  if (c.kind === "signedFen") return `${Number(v) > 0 ? "+" : ""}${fenToYuan(Number(v))}`;
  if (c.kind === "time") return chinaDateTime(String(v));
  if (c.labels) return c.labels[String(v)] ?? String(v);
  return String(v);
}

export function MoneyTable({ columns, rows, testId, leading, actions }: { columns: Column[]; rows: Row[]; testId: string; leading?: (row: Row) => React.ReactNode; actions?: (row: Row) => React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            {leading ? <th className="w-8"><span className="sr-only">选择</span></th> : null}
            {columns.map((c) => <th key={c.key} className={c.kind?.includes("en") ? "text-right" : undefined}>{c.label}</th>)}
            {actions ? <th className="col-actions">操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr><td colSpan={columns.length + (leading ? 1 : 0) + (actions ? 1 : 0)} className="py-6 text-center text-gray-400">暂无数据</td></tr>
          ) : (
            rows.map((row, i) => (
              <tr key={String(row.id ?? i)} data-row-id={String(row.id ?? "")}>
                {leading ? <td>{leading(row)}</td> : null}
                {columns.map((c) => <td key={c.key} className={c.kind?.includes("en") ? "text-right tabular-nums" : undefined}>{cell(row, c)}</td>)}
                {actions ? <td className="col-actions"><RowActionMenu label={String(row[columns[0]?.key ?? "id"] ?? row.id ?? "")}>{actions(row)}</RowActionMenu></td> : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export interface Filter {
  name: string;
  label: string;
  options?: Readonly<Record<string, string>>;
  type?: "date" | "text";
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
            <input name={f.name} type={f.type ?? "text"} defaultValue={params.get(f.name) ?? ""} className="input" />
          )}
        </label>
      ))}
      <button type="submit" className="btn btn-primary">查询</button>
      <Link to={reset ? `${location.pathname}?${reset}` : location.pathname} className="btn">重置</Link>
    </Form>
  );
}

export function MoneyFrame({ title, notice, children, toolbar }: { title: string; notice?: string | null; children: React.ReactNode; toolbar?: React.ReactNode }) {
  const actionData = useActionData<{ error?: string }>();
  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {toolbar ? <div className="flex flex-wrap gap-2">{toolbar}</div> : null}
      </div>
      {notice ? <p className="alert-success" role="status">{notice}</p> : null}
      {actionData?.error ? <p className="alert-error" role="alert">{actionData.error}</p> : null}
      {children}
    </div>
  );
}

export function yuanSums(sums: Record<string, number> | undefined, labels: Array<[string, string]>): LabelledSum[] {
  return labels.filter(([key]) => (sums?.[key] ?? 0) > 0).map(([key, label]) => ({ key, label, value: fenToYuan(sums![key]!), unit: "元" }));
}

export function Pager({ page, sums, selectedCount }: { page: { total: number; current: number; size: number }; sums?: LabelledSum[]; selectedCount?: number }) {
  return <Pagination total={page.total} current={page.current} size={page.size} sums={sums} selectedCount={selectedCount} />;
}

/** A link that opens the confirmation of `intent` for a row, keeping the page's query. */
export function ConfirmLink({ intent, id, children, danger }: { intent: string; id: unknown; children: React.ReactNode; danger?: boolean }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("confirm", `${intent}:${String(id)}`);
  return <Link to={`${location.pathname}?${params}`} className={`btn-link ${danger ? "text-red-600" : ""}`} preventScrollReset>{children}</Link>;
}

/**
 * The dialog of `?confirm=<intent>:<id>` when it names `intent`: a POST form with the intent, the id and
 * the given fields; 取消 goes back to the page without the parameter.
 */
export function ConfirmDialog({ confirm, intent, title, children, submitLabel, danger, hidden = {} }: { confirm: string; intent: string; title: string; children: React.ReactNode; submitLabel: string; danger?: boolean; hidden?: Record<string, string | string[]> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [name, id] = confirm.split(":");
  if (name !== intent) return null;
  const params = new URLSearchParams(location.search);
  params.delete("confirm");
  const back = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const formId = `confirm-${intent}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : navigate(back, { preventScrollReset: true }))}
      title={title}
      data-testid={`dialog-${intent}`}
      footer={
        <>
          <Link to={back} className="btn" preventScrollReset>取消</Link>
          <button type="submit" form={formId} className={`btn ${danger ? "btn-danger" : "btn-primary"}`}>{submitLabel}</button>
        </>
      }
    >
      <Form method="post" id={formId} className="space-y-3">
        <input type="hidden" name="intent" value={intent} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        {Object.entries(hidden).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v, i) => <input key={`${key}-${i}`} type="hidden" name={key} value={v} />))}
        {children}
      </Form>
    </Dialog>
  );
}

export function Field({ label, name, required, type = "text", placeholder, defaultValue, maxLength }: { label: string; name: string; required?: boolean; type?: string; placeholder?: string; defaultValue?: string; maxLength?: number }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span>{required ? <span className="text-red-500">* </span> : null}{label}</span>
      <input name={name} type={type} required={required} placeholder={placeholder} defaultValue={defaultValue} maxLength={maxLength} className="input" step={type === "number" ? "0.01" : undefined} />
    </label>
  );
}
