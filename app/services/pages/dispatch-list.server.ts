/**
 * Loader and action of 调度列表 (/dispatchManage/dispatchList): the orders awaiting dispatch, and the
 * dispatch panel of one order opened with `?orderId=&dispatchOrderNo=`; 派单 posts here and goes back
 * to the list with the new waybill numbers.
 */
import { reportsApi } from "./reports.server";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { CARGO_CATEGORIES, FREIGHT_WAYS } from "../../../contract/freight";
import { dispatchContext, dispatchFormSchema, dispatchRequest, shipCapacities, type DispatchResources } from "~/lib/dispatch-form";
import { orderListSearch, type OrderListValues } from "~/lib/order-list";
import { dispatchApi } from "~/services/dispatch.server";
import { canSeeWater } from "~/services/freight.server";
import { parseListQuery } from "~/services/list-query";
import { PlatformError } from "~/services/platform.server";
import { pageJson } from "~/services/page-data.server";
import { requirePage, type CurrentUser } from "~/services/user.server";

const orderFilterSchema = z.object({
  orderNo: z.string().transform((no) => no.slice(0, 32)).optional(),
  cargoCategory: z.enum(CARGO_CATEGORIES).optional(),
  freightWay: z.enum(FREIGHT_WAYS).optional(),
});

/** The order list's filter and page from the URL; values the platform would refuse are ignored (the way only for users who see water). */
export function orderListQuery(url: URL, water: boolean) {
  const fields = water ? (["orderNo", "cargoCategory", "freightWay"] as const) : (["orderNo", "cargoCategory"] as const);
  const { filter, current, size } = parseListQuery(orderFilterSchema, url, {}, { fields });
  const values: OrderListValues = { orderNo: filter.orderNo ?? "", cargoCategory: filter.cargoCategory ?? "", freightWay: filter.freightWay ?? "" };
  return { values, filter, paging: { current, size } };
}

/** Order and waybill numbers: letters and digits. */
const NUMBER_PATTERN = /^[A-Za-z0-9]{1,32}$/;

/** Whether the user may dispatch at all: a manager's account with the dispatch permission. */
const mayDispatch = (user: CurrentUser) => user.info.type !== "INDIVIDUAL_USER" && user.roles.includes("TMS_FREIGHT_DISPATCH");

/** The order a dispatch form is for, found by its number and checked by id; null when not visible or not found. */
async function findOrder(user: CurrentUser, orderId: string | null, orderNo: string | null) {
  if (!orderId || !orderNo || !NUMBER_PATTERN.test(orderNo)) return null;
  const page = await dispatchApi.searchOrders(user, { orderNo, scope: "ALL" }, { current: 1, size: 20 });
  return page.records.find((order) => String(order.id) === orderId) ?? null;
}

/** The selectors the order's way needs (the platform refuses captains and ships to users who may not see water). */
async function resourcesFor(user: CurrentUser, way: "ROAD" | "WATER"): Promise<DispatchResources> {
  if (way === "ROAD") {
    const [drivers, vehicles] = await Promise.all([dispatchApi.drivers(user), dispatchApi.vehicles(user)]);
    return { drivers: drivers.records, vehicles: vehicles.records, captains: [], ships: [] };
  }
  const [captains, ships] = await Promise.all([dispatchApi.captains(user), dispatchApi.ships(user)]);
  return { drivers: [], vehicles: [], captains: captains.records, ships: ships.records };
}

export async function loadDispatchList(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const water = canSeeWater(user);
  const query = orderListQuery(url, water);
  const canDispatch = mayDispatch(user);
  const [page, order] = await Promise.all([
    dispatchApi.searchOrders(user, { ...query.filter, scope: "AWAITING" }, query.paging),
    canDispatch ? findOrder(user, url.searchParams.get("orderId"), url.searchParams.get("dispatchOrderNo")) : null,
  ]);
  let panel: { order: NonNullable<typeof order>; resources: DispatchResources } | null = null;
  let notice: string | null = null;
  if (url.searchParams.has("orderId")) {
    if (!canDispatch) notice = "您的账号不能派单";
    else if (!order) notice = "未找到该订单，它不存在或您无权查看";
    else if (order.remainingWeight <= 0) notice = `订单 ${order.orderNo} 已全部派完`;
    else if (order.freightWay === "WATER" && !water) notice = "您没有水运运单权限，不能派水运订单";
    else panel = { order, resources: await resourcesFor(user, order.freightWay) };
  }
  const dispatched = (url.searchParams.get("dispatched") ?? "").split(",").filter((no) => NUMBER_PATTERN.test(no)).slice(0, 50);
  return pageJson(user, {
    page,
    query,
    water,
    canDispatch,
    panel,
    notice,
    dispatched: dispatched.length ? { freightNos: dispatched, freightWay: url.searchParams.get("way") === "WATER" ? ("WATER" as const) : ("ROAD" as const) } : null,
  });
}

/** 派单: checks the rows against the order, dispatches, and goes back to the list with the new waybill numbers. */
export async function dispatchListAction(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const form = await request.formData();
  const order = mayDispatch(user) ? await findOrder(user, String(form.get("orderId") ?? ""), String(form.get("orderNo") ?? "")) : null;
  if (!order) return json({ result: null, error: "未找到该订单，它不存在或您无权派单" }, { status: 400 });
  const ships = order.freightWay === "WATER" ? (await dispatchApi.ships(user)).records : [];
  const submission = parseWithZod(form, { schema: dispatchFormSchema(dispatchContext(order, shipCapacities(ships))) });
  if (submission.status !== "success") return json({ result: submission.reply(), error: null }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const result = await dispatchApi.dispatch(user, dispatchRequest(order.id, submission.value));
    void reportsApi.click(user, "DISPATCH", "派单");
    const back = orderListSearch(url);
    back.set("dispatched", result.freights.map((f) => f.freightNo).join(","));
    back.set("way", order.freightWay);
    return redirect(`${url.pathname}?${back}`, { headers: await user.cookieHeaders() });
  } catch (error) {
    if (error instanceof PlatformError) return json({ result: submission.reply({ formErrors: [error.message] }), error: null });
    throw error;
  }
}
