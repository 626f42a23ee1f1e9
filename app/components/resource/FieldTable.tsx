import type { HTMLAttributes, ReactNode } from "react";
import type { Field } from "../../../contract/resources/kit";
import { cellOf, linked, noted } from "./cells";
import { ScrollBox } from "~/components/ui/ScrollBox";

type Rec = Record<string, unknown>;
/** Attributes a page gives a row or a cell (its test id, a highlight, a tooltip, a `data-*` marker). */
type Attributes = HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: string | undefined };

/**
 * A table of rows that are not one resource's records (a payment's waybills and history, 我的车队's
 * members, a 数据报送 waybill's messages): columns in the engine's own dialect, `[key, Field]` (labels and
 * formats from the field builders), each cell shown as the engine shows it. `leading` puts a cell before
 * them (a row's checkbox), `trailing` columns after them (why a row cannot be ticked, a row's actions).
 * As in ResourceTable, `cellLinks` makes a column's cell a link and `cellNotes` adds a second line from
 * another key; `rowAttributes` and `cellAttributes` mark a row or a cell (a highlight, a tooltip).
 */
export function FieldTable({
  label,
  testId,
  columns,
  records,
  empty = "暂无数据",
  leading,
  trailing = [],
  cellLinks = {},
  cellNotes = {},
  rowAttributes,
  cellAttributes = {},
}: {
  label: string;
  testId?: string;
  columns: ReadonlyArray<readonly [string, Field]>;
  records: ReadonlyArray<Rec>;
  empty?: string;
  leading?: (record: Rec) => ReactNode;
  trailing?: ReadonlyArray<{ label: string; cell: (record: Rec) => ReactNode }>;
  cellLinks?: Readonly<Record<string, (record: Rec) => string | null>>;
  cellNotes?: Readonly<Record<string, string>>;
  rowAttributes?: (record: Rec) => Attributes;
  cellAttributes?: Readonly<Record<string, (record: Rec) => Attributes>>;
}) {
  const span = columns.length + (leading ? 1 : 0) + trailing.length;
  return (
    <ScrollBox label={label}>
      <table className="table table-nowrap" aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {leading ? <th className="w-8"><span className="sr-only">选择</span></th> : null}
            {columns.map(([key, field]) => (
              <th key={key} scope="col" className={field.kind === "money" ? "text-right" : undefined}>{field.label}</th>
            ))}
            {trailing.map((t) => <th key={t.label} scope="col">{t.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {records.length === 0 ? (
            <tr>
              <td colSpan={span} className="py-6 text-center text-muted">{empty}</td>
            </tr>
          ) : (
            records.map((record, i) => (
              <tr key={String(record.id ?? i)} {...rowAttributes?.(record)}>
                {leading ? <td>{leading(record)}</td> : null}
                {columns.map(([key, field]) => (
                  <td key={key} className={field.kind === "money" ? "text-right tabular-nums" : undefined} {...cellAttributes[key]?.(record)}>
                    {linked(cellLinks[key]?.(record), cellOf(field, record[key], record, key))}
                    {noted(record[cellNotes[key] ?? ""])}
                  </td>
                ))}
                {trailing.map((t) => <td key={t.label}>{t.cell(record)}</td>)}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** One row's values as labelled facts (a detail that is not one resource's record), in the same dialect. */
export function FieldFacts({ columns, record, testId }: { columns: ReadonlyArray<readonly [string, Field]>; record: Rec; testId?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 xl:grid-cols-3" data-testid={testId}>
      {columns.map(([key, field]) => (
        <div key={key} className="flex min-w-0 gap-2">
          <dt className="w-28 shrink-0 text-muted">{field.label}</dt>
          <dd className="min-w-0 break-words text-gray-800" data-field={key}>{cellOf(field, record[key], record, key)}</dd>
        </div>
      ))}
    </dl>
  );
}
