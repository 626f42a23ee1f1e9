import { SelectAll } from "~/components/ui/SelectAll";
import type { ReactNode } from "react";
import { FREIGHT_WAY_LABELS } from "../../../contract/freight";
import type { FreightRow } from "~/lib/freight-row";
import { fenToYuan, formatDateTime, kgToTonnes } from "~/lib/format";
import { freightDetailHref } from "~/lib/freight-links";
import { StatusTag } from "./StatusTag";
import { ScrollBox } from "~/components/ui/ScrollBox";

/** Row checkboxes: which rows may be picked, which are picked, and the form their inputs belong to. */
export interface FreightRowSelection<R extends FreightRow = FreightRow> {
  /** The id of the form the `ids` checkboxes submit with (they live in the table, outside it). */
  form: string;
  /** Rows that may be selected; others show no checkbox. */
  selectable: (record: R) => boolean;
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
}

interface FreightTableProps<R extends FreightRow> {
  records: R[];
  /** The 操作 column's content for a row; the column is left out without it. */
  actions?: (record: R) => ReactNode;
  selection?: FreightRowSelection<R>;
  /** Accessible name of the table. */
  label?: string;
}


const dash = (value: string | null | undefined) => (value ? value : "-");
const tonnes = (kg: number | null) => (kg == null ? "-" : kgToTonnes(kg));


/**
 * The waybill table of every waybill list (运单列表, 在途, 异常, the step queues): the waybill's
 * main fields, its status tag, a link to its detail page, optional row checkboxes and actions.
 */
export function FreightTable<R extends FreightRow>({ records, actions, selection, label = "运单列表" }: FreightTableProps<R>) {
  const selectableIds = selection ? records.filter(selection.selectable).map((r) => r.id) : [];
  const selectedOnPage = selection ? selectableIds.filter((id) => selection.selected.has(id)).length : 0;
  const columnCount = 13 + (actions ? 1 : 0) + (selection ? 1 : 0);

  const toggle = (id: number, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };

  return (
    <ScrollBox label={label}>
      <table className={`table table-nowrap table-keys table-freight${selection ? " table-keys-select" : ""}`} aria-label={label}>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="col-select w-10">
                <SelectAll
                  label="全选本页可选运单"
                  checked={selectableIds.length > 0 && selectedOnPage === selectableIds.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < selectableIds.length}
                  disabled={selectableIds.length === 0}
                  onChange={(on) => selection.onChange(on ? new Set(selectableIds) : new Set())}
                />
              </th>
            ) : null}
            <th scope="col" className="col-key">运单号</th>
            <th scope="col" className="col-status">状态</th>
            <th scope="col" className="col-wide">运输方式</th>
            <th scope="col">订单号</th>
            <th scope="col">司机/船长</th>
            <th scope="col">车牌/船名</th>
            <th scope="col">装货地</th>
            <th scope="col">卸货地</th>
            <th scope="col" className="text-right">计划(吨)</th>
            <th scope="col" className="text-right">装货(吨)</th>
            <th scope="col" className="text-right">卸货(吨)</th>
            <th scope="col" className="text-right">运费(元)</th>
            <th scope="col" className="col-wide">创建时间</th>
            {actions ? <th scope="col" className="col-actions">操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {records.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="py-12 text-center text-muted">暂无数据</td>
            </tr>
          ) : (
            records.map((r) => {
              const water = r.freightWay === "WATER";
              return (
                <tr key={r.id} data-testid="freight-row" data-freight-no={r.freightNo} data-status={r.status}>
                  {selection ? (
                    <td>
                      {selection.selectable(r) ? (
                        <label className="-m-2 block p-2">
                          <span className="sr-only">选择运单 {r.freightNo}</span>
                          <input
                            type="checkbox"
                            name="ids"
                            value={r.id}
                            form={selection.form}
                            className="h-4 w-4 align-middle accent-[var(--theme-color)]"
                            checked={selection.selected.has(r.id)}
                            onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                          />
                        </label>
                      ) : null}
                    </td>
                  ) : null}
                  {/* The cells' classes are their column's position in tailwind.css (.table-freight). */}
                  <td>
                    <a href={freightDetailHref(r.freightWay, r.freightNo)}>{r.freightNo}</a>
                    {r.abnormal ? (
                      <span className="ml-1 rounded bg-red-50 px-1 text-xs text-danger" title={r.abnormalReason ?? undefined}>异常</span>
                    ) : null}
                  </td>
                  <td><StatusTag status={r.status} bare /></td>
                  <td>{FREIGHT_WAY_LABELS[r.freightWay]}</td>
                  <td>{r.orderNo}</td>
                  <td>{dash(water ? r.captainName : r.driverName)}</td>
                  <td>{dash(water ? r.shipName : r.plateNo)}</td>
                  <td>{r.loadingPlace}</td>
                  <td>{r.unloadingPlace}</td>
                  <td>{tonnes(r.plannedWeight)}</td>
                  <td>{tonnes(r.loadedWeight)}</td>
                  <td>{tonnes(r.unloadedWeight)}</td>
                  <td>{fenToYuan(r.freightAmount)}</td>
                  <td>{formatDateTime(r.createdTime)}</td>
                  {actions ? <td>{actions(r)}</td> : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}
