import type { ReactNode } from "react";
import type { AnyResource, Field } from "../../../contract/resources/kit";
import type { ActionKey, BulkAction, Links, ListPage } from "~/pages/kit";
import { BulkReason, RowCheckbox } from "./BulkSelection";
import { cellOf, linked, noted } from "./cells";
import { RowActions } from "./RowActions";
import { ScrollBox } from "~/components/ui/ScrollBox";

export type Row = Record<string, unknown> & { id: number; actions: string[]; blocked?: Record<string, string> };

/** A list's row selection: the bulk actions its rows carry and the values ticked in the address. */
export interface Selection {
  bulk: readonly BulkAction[];
  ticked: readonly string[];
}

/**
 * The key columns first: the first column (the number or name) and then the status,
 * so neither scrolls under the 操作 column; on a phone both stay pinned at the left.
 */
export function keyColumnsFirst(def: AnyResource, columns: Array<[string, Field]>): Array<[string, Field]> {
  const status = def.status?.field;
  const at = status ? columns.findIndex(([key]) => key === status) : -1;
  if (at <= 1) return columns;
  return [columns[0]!, columns[at]!, ...columns.slice(1, at), ...columns.slice(at + 1)];
}

/** A server-rendered table of records: one cell per column, the row's allowed actions at the end. */
export function ResourceTable({ def, records, columns: given, wide = [], rowActions, links, empty, label, confirmPrefix, selection, cellLinks = {}, cellNotes = {} }: { def: AnyResource; records: Row[]; columns: Array<[string, Field]>; wide?: readonly string[]; rowActions: readonly ActionKey[]; links: Links; empty: ReactNode; label: string; confirmPrefix?: string; selection?: Selection; cellLinks?: ListPage["cellLinks"]; cellNotes?: ListPage["cellNotes"] }) {
  const columns = keyColumnsFirst(def, given);
  const reasons = (selection?.bulk ?? []).filter((b) => b.column);
  const span = columns.length + 1 + (selection ? 1 + reasons.length : 0);
  const keyClass = (key: string, index: number) => (index === 0 ? "col-key" : key === def.status?.field ? "col-status" : wide.includes(key) ? "col-wide" : undefined);
  return (
    <ScrollBox label={label}>
      <table className="table table-nowrap table-clip table-keys" aria-label={label}>
        <thead>
          <tr>
            {selection ? <th scope="col" className="w-8"><span className="sr-only">选择</span></th> : null}
            {columns.map(([key, field], index) => (
              <th key={key} scope="col" className={keyClass(key, index)}>{field.label}</th>
            ))}
            {reasons.map((b) => <th key={b.key} scope="col">{b.column!.label}</th>)}
            {rowActions.length ? <th scope="col" className="col-actions">操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {records.length === 0 ? (
            <tr>
              <td colSpan={span} className="py-12 text-center text-muted">{empty}</td>
            </tr>
          ) : (
            records.map((record) => {
              const title = String(record[def.titleField] ?? record.id);
              return (
                <tr key={record.id} data-testid="resource-row" data-id={record.id} data-status={def.status ? String(record[def.status.field]) : undefined}>
                  {selection ? <td><RowCheckbox bulk={selection.bulk} record={record} title={title} ticked={selection.ticked} /></td> : null}
                  {columns.map(([key, field], index) => (
                    <td key={key} className={keyClass(key, index)}>
                      {key === "orgName" ? ((record.orgName as string | null) ?? "-") : linked(cellLinks[key]?.(record), cellOf(field, record[key], record, key))}
                      {noted(record[cellNotes[key] ?? ""])}
                    </td>
                  ))}
                  {reasons.map((b) => <td key={b.key}><BulkReason bulk={b} record={record} /></td>)}
                  {rowActions.length ? (
                    <td className="col-actions">
                      <RowActions def={def} record={record} wanted={rowActions} links={links} title={title} confirmPrefix={confirmPrefix} />
                    </td>
                  ) : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}
