import { Form, Link } from "@remix-run/react";
import {
  CARGO_CATEGORIES,
  FREIGHT_WAYS,
  FREIGHT_WAY_LABELS,
  ORDER_STATUS_LABELS,
  type FreightWay,
  type OrderRecord,
  orderSearchSchema,
} from "../../../contract/freight";
import { specialCharacterPropsOf } from "~/lib/special-characters";
import { freightDetailHref, freightStepHref } from "~/lib/freight-links";
import { fenToYuan, formatDateTime, kgToTonnes } from "~/lib/format";
import type { OrderListValues } from "~/lib/order-list";
import { ScrollBox } from "~/components/ui/ScrollBox";

const filterProps = specialCharacterPropsOf(orderSearchSchema);

/** 查询 form of the orders awaiting dispatch (GET: the filter lives in the URL). */
export function OrderFilterForm({ values, showFreightWay }: { values: OrderListValues; showFreightWay: boolean }) {
  return (
    <Form method="get" key={JSON.stringify(values)} className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="订单查询">
      <div>
        <label htmlFor="order-filter-no" className="filter-label">订单号</label>
        <input id="order-filter-no" name="orderNo" defaultValue={values.orderNo} maxLength={32} placeholder="请输入订单号" className="input" {...filterProps("orderNo")} />
      </div>
      <div>
        <label htmlFor="order-filter-cargo" className="filter-label">货物品类</label>
        <select id="order-filter-cargo" name="cargoCategory" defaultValue={values.cargoCategory} className="input">
          <option value="">全部</option>
          {CARGO_CATEGORIES.map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </select>
      </div>
      {showFreightWay ? (
        <div>
          <label htmlFor="order-filter-way" className="filter-label">运输方式</label>
          <select id="order-filter-way" name="freightWay" defaultValue={values.freightWay} className="input">
            <option value="">全部</option>
            {FREIGHT_WAYS.map((way) => (
              <option key={way} value={way}>{FREIGHT_WAY_LABELS[way]}</option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary">查询</button>
        <Link to="/dispatchManage/dispatchList" className="btn">重置</Link>
      </div>
    </Form>
  );
}

interface OrderTableProps {
  orders: OrderRecord[];
  canDispatch: boolean;
  water: boolean;
  /** The list's query, kept by the 派单 links. */
  listSearch: string;
}

export function OrderTable({ orders, canDispatch, water, listSearch }: OrderTableProps) {
  const dispatchHref = (order: OrderRecord) => {
    const params = new URLSearchParams(listSearch);
    params.set("orderId", String(order.id));
    params.set("dispatchOrderNo", order.orderNo);
    return `/dispatchManage/dispatchList?${params}`;
  };
  return (
    <ScrollBox label={"待调度订单"}>
      <table className="table" aria-label="待调度订单">
        <thead>
          <tr>
            <th scope="col">订单号</th>
            <th scope="col">运输方式</th>
            <th scope="col">货主</th>
            <th scope="col">货物</th>
            <th scope="col">装货地</th>
            <th scope="col">卸货地</th>
            <th scope="col" className="text-right">计划(吨)</th>
            <th scope="col" className="text-right">已派(吨)</th>
            <th scope="col" className="text-right">剩余(吨)</th>
            <th scope="col" className="text-right">运价(元/吨)</th>
            <th scope="col">状态</th>
            <th scope="col">创建时间</th>
            <th scope="col" className="col-actions">操作</th>
          </tr>
        </thead>
        <tbody>
          {orders.length === 0 ? (
            <tr>
              <td colSpan={13} className="py-12 text-center text-muted">暂无数据</td>
            </tr>
          ) : (
            orders.map((order) => (
              <tr key={order.id} data-testid="order-row" data-order-no={order.orderNo}>
                <td className="whitespace-nowrap">{order.orderNo}</td>
                <td className="whitespace-nowrap">{FREIGHT_WAY_LABELS[order.freightWay]}</td>
                <td className="whitespace-nowrap">{order.shipperName}</td>
                <td className="whitespace-nowrap">{order.cargoCategory}</td>
                <td className="whitespace-nowrap">{order.loadingPlace}</td>
                <td className="whitespace-nowrap">{order.unloadingPlace}</td>
                <td className="text-right tabular-nums">{kgToTonnes(order.plannedWeight)}</td>
                <td className="text-right tabular-nums">{kgToTonnes(order.dispatchedWeight)}</td>
                <td className="text-right tabular-nums">{kgToTonnes(order.remainingWeight)}</td>
                <td className="text-right tabular-nums">{fenToYuan(order.unitPrice)}</td>
                <td className="whitespace-nowrap">{ORDER_STATUS_LABELS[order.status]}</td>
                <td className="whitespace-nowrap">{formatDateTime(order.createdTime)}</td>
                <td className="col-actions">
                  {canDispatch && (order.freightWay === "ROAD" || water) ? (
                    <Link to={dispatchHref(order)} className="btn-link" aria-label={`派单 ${order.orderNo}`}>派单</Link>
                  ) : (
                    <span className="text-muted">-</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** 派单成功: the new waybill numbers, each with its detail page and its loading queue. */
export function DispatchedNotice({ freightNos, freightWay }: { freightNos: string[]; freightWay: FreightWay }) {
  return (
    <div className="alert-success" role="status" data-testid="dispatch-done">
      <p>派单成功，已生成 {freightNos.length} 张运单：</p>
      <ul className="mt-1 space-y-1">
        {freightNos.map((no) => (
          <li key={no} className="flex flex-wrap items-center gap-x-3">
            <Link to={freightDetailHref(freightWay, no)} className="font-medium text-primary hover:underline" data-testid="dispatched-freight-no">{no}</Link>
            <Link to={freightStepHref("loading", freightWay, no)} className="btn-link text-sm">去装货</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
