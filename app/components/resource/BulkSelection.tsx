/**
 * Row selection and bulk actions of a list (docs/design/pickers-and-tables.md, row selection): the GET
 * form around the table whose buttons open `?confirm=<action>:` with the ticked rows in the address (the
 * list's filters kept), each row's checkbox (greyed with the platform's reason when its `actions` lack
 * the action), and the confirmation posting the ticked values, a request number and the inputs. Works
 * without JavaScript; with it, Remix submits the same forms.
 */
import { Form, Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Field } from "../../../contract/resources/kit";
import { Dialog } from "~/components/ui/Dialog";
import { fenToYuan } from "~/lib/format";
import type { PickerData } from "~/lib/picker";
import { bulkValueOf, type BulkAction } from "~/pages/kit";
import { FieldInput } from "./inputs";

type Row = Record<string, unknown> & { actions: string[]; blocked?: Record<string, string> };

/** The bulk actions a page's rows carry (offered, or offered and held back with a reason): the others are not the caller's. */
export function offeredBulk(bulkActions: readonly BulkAction[] | undefined, records: readonly Row[]): BulkAction[] {
  return (bulkActions ?? []).filter((b) => records.some((r) => r.actions.includes(b.key) || r.blocked?.[b.key]));
}

/** Why a row cannot be ticked for any of `bulk`, or null when it can for one of them. */
export function rowBlock(bulk: readonly BulkAction[], record: Row): string | null {
  if (bulk.some((b) => record.actions.includes(b.key))) return null;
  return bulk.map((b) => record.blocked?.[b.key]).find(Boolean) ?? "当前不可选";
}

/**
 * A GET form around the table: the list's query (without the dialog and the ticked values) as hidden
 * fields, and one button per bulk action carrying `confirm=<action>:`. A table holding forms of its own
 * (a row's 上报) stays outside it, its checkboxes joining it by `id` (`RowCheckbox`'s `form`).
 */
export function BulkForm({ bulk, label, id, children, onChange }: { bulk: readonly BulkAction[]; label: string; id?: string; children?: ReactNode; onChange?: (event: React.FormEvent<HTMLFormElement>) => void }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const dropped = new Set(["confirm", "index", "_data", ...bulk.map((b) => b.param ?? "id")]);
  return (
    <Form method="get" id={id} aria-label={label} preventScrollReset onChange={onChange}>
      {[...params.entries()].filter(([name]) => !dropped.has(name)).map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />)}
      <div className="mb-2 flex flex-wrap items-center gap-2">
        {bulk.map((b) => (
          <button key={b.key} type="submit" name="confirm" value={`${b.key}:`} className="btn btn-primary" data-testid={`${b.key}-selected`}>
            {b.label}
          </button>
        ))}
        {bulk.map((b) => (b.hint ? <span key={b.key} className="text-sm text-muted">{b.hint}</span> : null))}
      </div>
      {children}
    </Form>
  );
}

/** A row's checkbox: its value under the action's name, greyed with the reason when the row cannot take part. */
export function RowCheckbox({ bulk, record, title, ticked, form }: { bulk: readonly BulkAction[]; record: Row; title: string; ticked: readonly string[]; form?: string }) {
  const first = bulk[0]!;
  const block = rowBlock(bulk, record);
  const value = bulkValueOf(first, record);
  return <input type="checkbox" form={form} name={first.param ?? "id"} value={value} disabled={!!block} title={block ?? undefined} defaultChecked={!block && ticked.includes(value)} aria-label={`选择${first.noun} ${title}`} />;
}

/** The text of a bulk action's column: its `ok` text, or the reason the row cannot take part. */
export function BulkReason({ bulk, record }: { bulk: BulkAction; record: Row }) {
  if (record.actions.includes(bulk.key)) return <span className="text-success">{bulk.column!.ok}</span>;
  return <span className="text-warning">{record.blocked?.[bulk.key] ?? "当前不可选"}</span>;
}

export interface BulkData {
  key: string;
  rows: Row[];
  requestNo: string;
  options: Record<string, PickerData>;
}

/**
 * The confirmation of `?confirm=<action>:`: how many rows (and their sum), the inputs, and a POST of the
 * ticked values with the request number (a double submit is one operation). No ticked row: says so.
 */
export function BulkConfirmDialog({ bulk, data, closeHref, error, fieldErrors }: { bulk: BulkAction; data: BulkData; closeHref: string; error?: string | null; fieldErrors?: Record<string, string[] | null> | null }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formId = `confirm-${bulk.key}`;
  const { rows } = data;
  const close = (open: boolean) => (open ? undefined : navigate(closeHref, { preventScrollReset: true }));
  if (rows.length === 0) {
    return (
      <Dialog open onOpenChange={close} title={bulk.title} data-testid={`dialog-${bulk.key}`} footer={<Link to={closeHref} className="btn btn-primary" preventScrollReset>知道了</Link>}>
        <p>请先勾选{bulk.noun}（灰色的不可选）。</p>
      </Dialog>
    );
  }
  const sum = bulk.sum ? rows.reduce((n, r) => n + Number(r[bulk.sum!.field] ?? 0), 0) : null;
  const mixed = bulk.sameValue && new Set(rows.map((r) => String(r[bulk.sameValue!.field] ?? ""))).size > 1;
  return (
    <Dialog
      open
      onOpenChange={close}
      title={bulk.title}
      data-testid={`dialog-${bulk.key}`}
      footer={
        <>
          <Link to={closeHref} className="btn" preventScrollReset>取消</Link>
          <button type="submit" form={formId} className="btn btn-primary" disabled={navigation.state !== "idle"}>{bulk.submit}</button>
        </>
      }
    >
      <Form method="post" id={formId} preventScrollReset className="space-y-3 whitespace-normal">
        <input type="hidden" name="intent" value={`bulk:${bulk.key}`} />
        <input type="hidden" name="requestNo" value={data.requestNo} />
        {rows.map((r) => <input key={bulkValueOf(bulk, r)} type="hidden" name={bulk.param ?? "id"} value={bulkValueOf(bulk, r)} />)}
        <p data-testid={`${bulk.key}-summary`}>
          选中{bulk.noun}数 <strong>{rows.length}</strong> 个{sum !== null ? <>，{bulk.sum!.label}合计 <strong>{fenToYuan(sum)}</strong> 元</> : null}{bulk.names ? `：${rows.map((r) => String(r[bulk.names!] ?? "")).join("、")}` : ""}{mixed ? `（${bulk.sameValue!.message}）` : ""}{bulk.note ?? "。"}
        </p>
        {Object.entries(bulk.inputs ?? {}).map(([name, field]) => (
          <BulkInput key={name} name={name} id={`${formId}-${name}`} field={field} picker={data.options[name]} error={fieldErrors?.[name]?.[0] ?? undefined} />
        ))}
        {error ? <p className="alert-error" role="alert">{error}</p> : null}
      </Form>
    </Dialog>
  );
}

/** An input of a bulk confirmation: a reference or a required choice as a select starting at its first option, the rest as in forms. */
function BulkInput({ name, id, field, picker, error }: { name: string; id: string; field: Field; picker?: PickerData; error?: string }) {
  const choices: Array<[string, string]> | null = field.ref ? (picker?.items ?? []).filter((i) => !i.disabledReason).map((i) => [String(i.id), i.label]) : field.required && field.input.type === "select" ? Object.entries(field.options ?? {}).map(([v, o]) => [v, o.label]) : null;
  if (!choices) return <FieldInput name={name} id={id} field={field} defaultValue="" error={error} />;
  return (
    <label className="flex flex-col gap-1 text-sm" htmlFor={id}>
      <span>{field.required ? <span className="text-danger">* </span> : null}{field.label}</span>
      <select id={id} name={name} required={field.required} className={`input ${error ? "input-error" : ""}`} defaultValue={choices[0]?.[0]}>
        {choices.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
      </select>
      {error ? <span className="field-error">{error}</span> : null}
    </label>
  );
}
