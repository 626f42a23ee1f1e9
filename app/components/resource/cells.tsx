/** How a record's value shows in a table cell or a detail row: formatted text, tags, expiry flags. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Field } from "../../../contract/resources/kit";
import { chinaDate } from "../../../contract/units";
import { formatDateTime } from "~/lib/format";
import { StatusTag } from "./StatusTag";
import { DocumentThumb } from "~/components/ui/DocumentUpload";

const DAY_MS = 24 * 3600_000;

/** 已过期 / 即将过期 for a date of expiry (30 days, domain 2.x "certificates about to expire"). */
export function expiryState(value: string, today = chinaDate()): "expired" | "soon" | null {
  if (value < today) return "expired";
  const days = (Date.parse(`${value}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  return days <= 30 ? "soon" : null;
}

/** `key`: the field's key in the record (a place's name is sent as `<key>Name`). */
export function cellOf(field: Field, value: unknown, record: Record<string, unknown>, key?: string): ReactNode {
  if (value === null || value === undefined || value === "") return field.empty ?? <span className="text-muted">-</span>;
  if (field.ref) return (record[field.ref.labelKey] as string | null) ?? `#${String(value)}`;
  // A place by its name ("江苏省 宿迁市 宿城区"), which the platform sends next to the code.
  if (field.kind === "region") return (key ? (record[`${key}Name`] as string | null | undefined) : null) ?? String(value);
  if (field.options && field.kind !== "bool") {
    const option = field.options[String(value)];
    return option?.tone ? <StatusTag label={option.label} tone={option.tone} value={String(value)} /> : (option?.label ?? String(value));
  }
  if (field.kind === "datetime") return formatDateTime(String(value));
  if (field.kind === "date" && field.expiry) {
    const state = expiryState(String(value));
    return (
      <span className="whitespace-nowrap">
        {String(value)}
        {state ? <StatusTag label={state === "expired" ? "已过期" : "即将过期"} tone={state === "expired" ? "error" : "warning"} /> : null}
      </span>
    );
  }
  if (field.kind === "images") {
    const list = (value as string[] | null) ?? [];
    return (
      <span className="flex flex-wrap gap-2">
        {list.map((url, i) => (
          <DocumentThumb key={url} href={url} label={`${field.label}${i + 1}`} />
        ))}
      </span>
    );
  }
  return field.format(value as never);
}

/** A cell as a link to another page when the page names one for its column (the appeal's 运单号 → the waybill). */
export const linked = (href: string | null | undefined, content: ReactNode) => (href ? <Link to={href} className="text-primary hover:underline">{content}</Link> : content);

/** A cell's second line (`cellNotes`), when the record has one. */
export const noted = (value: unknown) => (typeof value === "string" && value ? <span className="block text-xs text-muted">{value}</span> : null);
