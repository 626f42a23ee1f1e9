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
import type { SubmissionResult } from "@conform-to/react";
import { dispatchContext, dispatchFormSchema, dispatchRequest, shipCapacities, DISPATCH_PICKERS, type DispatchPickers } from "~/lib/dispatch-form";
import { pickKeywordName, type PickerData } from "~/lib/picker";
import { isPickSearch } from "~/services/picker.server";
import { pickerSourceOf } from "~/services/picker-sources.server";
import { orderListSearch, type OrderListValues } from "~/lib/order-list";
import { dispatchApi } from "~/services/dispatch.server";
import { canSeeWater } from "~/services/freight.server";
import { parseListQuery } from "~/services/list-query";
import { PlatformError } from "~/services/platform.server";
import { pageJson } from "~/services/page-data.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { readForm } from "~/services/read-form.server";
import { resourcesApi } from "~/services/resources.server";
import { delivery, redelivery } from "../../../contract/resources/delivery";
import { transportTask } from "../../../contract/resources/transport-task";
import { replyStatus } from "~/lib/form";
import { firstPage } from "~/lib/paging";
import { isIndividual } from "../../../contract/platforms";

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
const mayDispatch = (user: CurrentUser) => !isIndividual(user.info) && user.roles.includes("TMS_FREIGHT_DISPATCH");

/** The order a dispatch form is for, found by its number and checked by id; null when not visible or not found. */
async function findOrder(user: CurrentUser, orderId: string | null, orderNo: string | null) {
  if (!orderId || !orderNo || !NUMBER_PATTERN.test(orderNo)) return null;
  const page = await dispatchApi.searchOrders(user, { orderNo, scope: "ALL" }, firstPage());
  return page.records.find((order) => String(order.id) === orderId) ?? null;
}

/** 派车 / 重新发货 / 按任务派单 (domain 3.6–3.8): the delivery note, cancelled waybill or task the dispatch is for. */
const DISPATCH_LINKS = {
  delivery: { def: delivery, field: "deliveryId", noun: "发货单" },
  task: { def: transportTask, field: "taskId", noun: "运输任务" },
  redelivery: { def: redelivery, field: "redispatchOfId", noun: "重新发货 · 原运单" },
} as const;
type LinkKind = keyof typeof DISPATCH_LINKS;
export interface DispatchLink {
  kind: LinkKind;
  id: number;
  field: (typeof DISPATCH_LINKS)[LinkKind]["field"];
  label: string;
  orderNo: string;
  remainingWeight: number;
}

/** The link a dispatch page was opened with (`?from=&id=`) or a dispatch form posts (`linkKind`, `linkId`); null when none or not the caller's. */
async function dispatchLinkOf(user: CurrentUser, kind: string | null, rawId: string | null): Promise<DispatchLink | null> {
  if (!kind || !(kind in DISPATCH_LINKS) || !rawId || !/^[1-9]\d{0,14}$/.test(rawId)) return null;
  const spec = DISPATCH_LINKS[kind as LinkKind];
  const record = await resourcesApi.get(user, spec.def, Number(rawId)).catch(() => null);
  if (!record) return null;
  const planned = Number(record.plannedWeight ?? 0);
  const remaining = kind === "redelivery" ? planned : planned - Number(record.dispatchedWeight ?? 0);
  return { kind: kind as LinkKind, id: record.id, field: spec.field, label: `${spec.noun} ${String(record[spec.def.titleField] ?? "")}`, orderNo: String(record.orderNo ?? ""), remainingWeight: Math.max(0, remaining) };
}

/** The order a link belongs to, by its number. */
async function orderOfLink(user: CurrentUser, link: DispatchLink) {
  if (!NUMBER_PATTERN.test(link.orderNo)) return null;
  const page = await dispatchApi.searchOrders(user, { orderNo: link.orderNo, scope: "ALL" }, firstPage());
  const order = page.records.find((o) => o.orderNo === link.orderNo) ?? null;
  return order ? { ...order, remainingWeight: Math.min(order.remainingWeight, link.remainingWeight) } : null;
}

/**
 * The pickers of the dispatch rows (the platform refuses captains and ships to users who may not see
 * water): one per row field that was posted with a keyword or a value (`items[1].driverId`), and one per
 * kind (`driverId`) for rows shown fresh. Water also carries the ships' capacities for the weight check.
 */
async function pickersFor(user: CurrentUser, way: "ROAD" | "WATER", form: FormData | null): Promise<DispatchPickers> {
  const kinds = DISPATCH_PICKERS[way];
  const pickers: Record<string, PickerData> = {};
  const jobs: Array<Promise<void>> = Object.entries(kinds).map(async ([field, source]) => {
    pickers[field] = await pickerSourceOf(source)!(user, {});
  });
  for (const [name, value] of form ?? []) {
    const match = /^items\[(\d{1,2})\]\.(\w+)$/.exec(name);
    const source = match ? kinds[match[2] as keyof typeof kinds] : undefined;
    if (!source || typeof value !== "string") continue;
    const keyword = form!.get(pickKeywordName(name));
    jobs.push(
      pickerSourceOf(source)!(user, { keyword: typeof keyword === "string" ? keyword : "", selected: value }).then((picker) => {
        pickers[name] = picker;
      }),
    );
  }
  const ships = way === "WATER" ? dispatchApi.ships(user).then((page) => shipCapacities(page.records)) : Promise.resolve(undefined);
  const [capacities] = await Promise.all([ships, ...jobs]);
  return { pickers, capacities: capacities ?? null };
}

export async function loadDispatchList(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const water = canSeeWater(user);
  const query = orderListQuery(url, water);
  const canDispatch = mayDispatch(user);
  const link = canDispatch ? await dispatchLinkOf(user, url.searchParams.get("from"), url.searchParams.get("id")) : null;
  const [page, order] = await Promise.all([
    dispatchApi.searchOrders(user, { ...query.filter, scope: "AWAITING" }, query.paging),
    !canDispatch ? null : link ? orderOfLink(user, link) : findOrder(user, url.searchParams.get("orderId"), url.searchParams.get("dispatchOrderNo")),
  ]);
  let panel: ({ order: NonNullable<typeof order>; link: DispatchLink | null } & DispatchPickers) | null = null;
  let notice: string | null = null;
  if (url.searchParams.has("from") && !link) notice = canDispatch ? "未找到要派车的发货单、任务或原运单，它不存在或您无权查看" : "您的账号不能派单";
  else if (url.searchParams.has("orderId") || link) {
    if (!canDispatch) notice = "您的账号不能派单";
    else if (!order) notice = "未找到该订单，它不存在或您无权查看";
    else if (order.remainingWeight <= 0) notice = link ? `${link.label} 没有可派的剩余重量` : `订单 ${order.orderNo} 已全部派完`;
    else if (order.freightWay === "WATER" && !water) notice = "您没有水运运单权限，不能派水运订单";
    else panel = { order, ...(await pickersFor(user, order.freightWay, null)), link };
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
  const form = await readForm(request);
  const link = mayDispatch(user) ? await dispatchLinkOf(user, form.get("linkKind") as string | null, form.get("linkId") as string | null) : null;
  const order = !mayDispatch(user) ? null : link ? await orderOfLink(user, link) : await findOrder(user, String(form.get("orderId") ?? ""), String(form.get("orderNo") ?? ""));
  if (!order || (form.get("linkKind") && !link)) return json({ result: null, error: "未找到该订单，它不存在或您无权派单" }, { status: 400 });
  // A picker's 「搜索」 without JavaScript: the rows come back as typed, with that picker narrowed; nothing is dispatched.
  if (isPickSearch(form)) {
    const typed = parseWithZod(form, { schema: dispatchFormSchema(dispatchContext(order)) });
    return json({ result: { initialValue: typed.payload } as SubmissionResult<string[]>, error: null, ...(await pickersFor(user, order.freightWay, form)) });
  }
  const ships = order.freightWay === "WATER" ? (await dispatchApi.ships(user)).records : [];
  const submission = parseWithZod(form, { schema: dispatchFormSchema(dispatchContext(order, shipCapacities(ships))) });
  if (submission.status !== "success") return json({ result: submission.reply(), error: null, ...(await pickersFor(user, order.freightWay, form)) }, { status: replyStatus(submission) });
  try {
    const result = await dispatchApi.dispatch(user, { ...dispatchRequest(order.id, submission.value), ...(link ? { [link.field]: link.id } : {}) });
    void reportsApi.click(user, "DISPATCH", "派单");
    const back = orderListSearch(url);
    back.set("dispatched", result.freights.map((f) => f.freightNo).join(","));
    back.set("way", order.freightWay);
    return redirect(`${url.pathname}?${back}`, { headers: await user.cookieHeaders() });
  } catch (error) {
    if (error instanceof PlatformError) return json({ result: submission.reply({ formErrors: [error.message] }), error: null, ...(await pickersFor(user, order.freightWay, form)) });
    throw error;
  }
}
