import { SelectAll } from "~/components/ui/SelectAll";
import type { ReactNode } from "react";
import { FREIGHT_WAY_LABELS, type FreightRecord } from "../../../contract/freight";
import { fenToYuan, formatDateTime, kgToTonnes } from "~/lib/format";
import { freightDetailHref } from "~/lib/freight-links";
import { StatusTag } from "./StatusTag";

/** Row checkboxes: which rows may be picked, which are picked, and the form their inputs belong to. */
export interface FreightRowSelection {
  /** The id of the form the `ids` checkboxes submit with (they live in the table, outside it). */
  form: string;
  /** Rows that may be selected; others show no checkbox. */
  selectable: (record: FreightRecord) => boolean;
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
}

interface FreightTableProps {
  records: FreightRecord[];
  /** The 操作 column's content for a row; the column is left out without it. */
  actions?: (record: FreightRecord) => ReactNode;
  selection?: FreightRowSelection;
  /** Accessible name of the table. */
  label?: string;
}

/** The 操作 column stays in view while the table scrolls sideways. */
const STICKY_RIGHT = "sticky right-0 z-[1] shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.2)]";

const dash = (value: string | null | undefined) => (value ? value : "-");
const tonnes = (kg: number | null) => (kg == null ? "-" : kgToTonnes(kg));


/**
 * The waybill table of every waybill list (运单列表, 在途, 异常, the step queues): the waybill's
 * main fields, its status tag, a link to its detail page, optional row checkboxes and actions.
 */
export function FreightTable({ records, actions, selection, label = "运单列表" }: FreightTableProps) {
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
    <div className="overflow-x-auto">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="w-10">
                <SelectAll
                  label="全选本页可选运单"
                  checked={selectableIds.length > 0 && selectedOnPage === selectableIds.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < selectableIds.length}
                  disabled={selectableIds.length === 0}
                  onChange={(on) => selection.onChange(on ? new Set(selectableIds) : new Set())}
                />
              </th>
            ) : null}
            <th scope="col">运单号</th>
            <th scope="col">运输方式</th>
            <th scope="col">订单号</th>
            <th scope="col">状态</th>
            <th scope="col">司机/船长</th>
            <th scope="col">车牌/船名</th>
            <th scope="col">装货地</th>
            <th scope="col">卸货地</th>
            <th scope="col" className="text-right">计划(吨)</th>
            <th scope="col" className="text-right">装货(吨)</th>
            <th scope="col" className="text-right">卸货(吨)</th>
            <th scope="col" className="text-right">运费(元)</th>
            <th scope="col">创建时间</th>
            {actions ? <th scope="col" className={STICKY_RIGHT}>操作</th> : null}
          </tr>
        </thead>
        <tbody>
          {records.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="py-12 text-center text-gray-400">暂无数据</td>
            </tr>
          ) : (
            records.map((r) => {
              const water = r.freightWay === "WATER";
              return (
                <tr key={r.id} data-testid="freight-row" data-freight-no={r.freightNo} data-status={r.status}>
                  {selection ? (
                    <td className="w-10">
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
                  <td className="whitespace-nowrap">
                    <a href={freightDetailHref(r.freightWay, r.freightNo)} className="text-primary hover:underline">{r.freightNo}</a>
                    {r.abnormal ? (
                      <span className="ml-1 rounded bg-red-50 px-1 text-xs text-red-600" title={r.abnormalReason ?? undefined}>异常</span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap">{FREIGHT_WAY_LABELS[r.freightWay]}</td>
                  <td className="whitespace-nowrap">{r.orderNo}</td>
                  <td><StatusTag status={r.status} /></td>
                  <td className="whitespace-nowrap">{dash(water ? r.captainName : r.driverName)}</td>
                  <td className="whitespace-nowrap">{dash(water ? r.shipName : r.plateNo)}</td>
                  <td className="whitespace-nowrap">{r.loadingPlace}</td>
                  <td className="whitespace-nowrap">{r.unloadingPlace}</td>
                  <td className="text-right tabular-nums">{tonnes(r.plannedWeight)}</td>
                  <td className="text-right tabular-nums">{tonnes(r.loadedWeight)}</td>
                  <td className="text-right tabular-nums">{tonnes(r.unloadedWeight)}</td>
                  <td className="text-right tabular-nums">{fenToYuan(r.freightAmount)}</td>
                  <td className="whitespace-nowrap">{formatDateTime(r.createdTime)}</td>
                  {actions ? <td className={`whitespace-nowrap bg-white ${STICKY_RIGHT}`}>{actions(r)}</td> : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
