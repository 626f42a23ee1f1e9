/** Small shared pieces of the IAM administration pages: the result notice, filter bar, table, confirm panel. */
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pagination } from "~/components/ui/Pagination";

export const USER_TYPE_LABELS: Record<string, string> = { SYSTEM_USER: "平台用户", TENANT_USER: "租户用户", ORG_USER: "企业用户", INDIVIDUAL_USER: "个人用户" };

export function Notice({ result }: { result?: { ok?: string; error?: string } | null }) {
  if (!result) return null;
  if (result.error) return <p role="alert" className="alert-error mb-3">{result.error}</p>;
  if (result.ok) return <p role="status" className="alert-success mb-3">{result.ok}</p>;
  return null;
}

export function FilterBar({ children, resetTo }: { children: ReactNode; resetTo: string }) {
  return (
    <Form method="get" className="mb-3 flex flex-wrap items-end gap-3" role="search">
      {children}
      <button type="submit" className="btn btn-primary">查询</button>
      <Link to={resetTo} className="btn">重置</Link>
    </Form>
  );
}

export function TextFilter({ name, label, value, placeholder }: { name: string; label: string; value?: string; placeholder?: string }) {
  return (
    <label className="flex flex-col text-sm">
      <span className="mb-1 text-gray-600">{label}</span>
      <input name={name} defaultValue={value ?? ""} placeholder={placeholder} className="input w-44" />
    </label>
  );
}

export function SelectFilter({ name, label, value, options }: { name: string; label: string; value?: string; options: Record<string, string> }) {
  return (
    <label className="flex flex-col text-sm">
      <span className="mb-1 text-gray-600">{label}</span>
      <select name={name} defaultValue={value ?? ""} className="input w-36">
        <option value="">全部</option>
        {Object.entries(options).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </label>
  );
}

export function Table({ head, children, empty }: { head: string[]; children: ReactNode; empty: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="table w-full">
        <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
        <tbody>{empty ? <tr><td colSpan={head.length} className="py-8 text-center text-gray-400">暂无数据</td></tr> : children}</tbody>
      </table>
    </div>
  );
}

export function Pager({ page }: { page: { total: number; current: number; size: number } }) {
  return <Pagination total={page.total} current={page.current} size={page.size} />;
}

/** The current address with one query parameter set (or removed). */
export function useHrefWith() {
  const location = useLocation();
  return (key: string, value: string | null) => {
    const params = new URLSearchParams(location.search);
    if (value === null) params.delete(key);
    else params.set(key, value);
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/** A destructive action asked first (`?confirm=<intent>:<id>`): works without JavaScript. */
export function ConfirmPanel({ message, intent, id, closeHref, label }: { message: string; intent: string; id: number; closeHref: string; label: string }) {
  return (
    <div role="alertdialog" aria-label="确认操作" className="mb-3 rounded border border-amber-300 bg-amber-50 p-3">
      <p className="mb-2">{message}</p>
      <Form method="post" action={closeHref} className="flex gap-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="btn btn-danger">{label}</button>
        <Link to={closeHref} className="btn">取消</Link>
      </Form>
    </div>
  );
}

export { formatDateTime as formatTime } from "~/lib/format";
