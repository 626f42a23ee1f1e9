/**
 * Loaders and actions of the driver's own pages (司机端, `/driver`): his home with the current waybill and
 * his lists, his 装货 and 卸货 forms (weight, 磅单 photo, a confirmation that says what will be marked
 * 异常), and the position his open page reports. The waybills are the platform's freight search, which
 * scopes an individual account to his own; the steps go through the staff forms' call and rules.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { FREIGHT_STATUS_LABELS, type FreightDetail, type FreightRecord, type FreightStatus } from "../../../contract/freight";
import { trackReportSchema } from "../../../contract/fleet";
import { DRIVER_STEPS, DRIVER_TABS, driverFields, driverMessagesHref, driverTab, driverNextStep, type DriverStepKey } from "~/lib/driver";
import { firstPage, pageParams } from "~/lib/paging";
import { STEP_ACTIONS, stepBody, stepDoneMessage, stepFormSchema } from "~/lib/steps";
import { DRIVER_HOME } from "~/navigation";
import { dispatchApi } from "~/services/dispatch.server";
import { readDocumentForm } from "~/services/documents.server";
import { driverApi } from "~/services/driver.server";
import { freightApi } from "~/services/freight.server";
import { notificationListQuery } from "~/lib/notification-target";
import { notificationsApi } from "~/services/notifications.server";
import { readForm } from "~/services/read-form.server";
import { pageJson } from "~/services/page-data.server";
import { PlatformError } from "~/services/platform.server";
import { requirePage, requireUser, type CurrentUser } from "~/services/user.server";

/** A waybill as his cards show it. */
export interface DriverCard {
  freightNo: string;
  freightWay: FreightRecord["freightWay"];
  status: FreightStatus;
  statusLabel: string;
  loadingPlace: string;
  loadingAddress: string;
  unloadingPlace: string;
  unloadingAddress: string;
  cargoCategory: string;
  shipperName: string;
  orgName: string;
  conveyance: string | null;
  plannedWeight: number;
  loadedWeight: number | null;
  unloadedWeight: number | null;
  abnormalReason: string | null;
  createdTime: string;
  next: ReturnType<typeof driverNextStep>;
}

function cardOf(record: FreightRecord): DriverCard {
  return {
    freightNo: record.freightNo,
    freightWay: record.freightWay,
    status: record.status,
    statusLabel: FREIGHT_STATUS_LABELS[record.status],
    loadingPlace: record.loadingPlace,
    loadingAddress: record.loadingAddress,
    unloadingPlace: record.unloadingPlace,
    unloadingAddress: record.unloadingAddress,
    cargoCategory: record.cargoCategory,
    shipperName: record.shipperName,
    orgName: record.orgName,
    conveyance: (record.freightWay === "WATER" ? record.shipName : record.plateNo) ?? null,
    plannedWeight: record.plannedWeight,
    loadedWeight: record.loadedWeight,
    unloadedWeight: record.unloadedWeight,
    abnormalReason: record.abnormal ? record.abnormalReason : null,
    createdTime: record.createdTime,
    next: driverNextStep(record),
  };
}

/**
 * What his open page does about his position while the waybill is in transit: a truck's is reported
 * from his phone; a ship's comes from its AIS only (the platform takes no ship positions from a phone).
 */
export type PositionPlan = { kind: "phone"; vehicleId: number; freightNo: string } | { kind: "ais"; freightNo: string; shipName: string | null } | null;

function positionPlan(waybill: Pick<FreightRecord, "status" | "vehicleId" | "freightNo" | "freightWay" | "shipName">): PositionPlan {
  if (waybill.status !== "IN_TRANSIT") return null;
  if (waybill.freightWay === "WATER") return { kind: "ais", freightNo: waybill.freightNo, shipName: waybill.shipName ?? null };
  return waybill.vehicleId != null ? { kind: "phone", vehicleId: waybill.vehicleId, freightNo: waybill.freightNo } : null;
}

const FREIGHT_NO = /^[A-Za-z0-9]{1,32}$/;
const HOME_LIST_SIZE = 10;

/** His home: the current waybill (in transit first, else the oldest waiting one), then his three lists. */
export async function driverHomeLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const { current } = pageParams(url);
  // Each list's count, and the first of those that hold a waybill: the tab shown when none is asked for
  // (运输中 first: a driver carrying a load is asked about it before the next one).
  const counts = await Promise.all(DRIVER_TABS.map((t) => freightApi.search(user, { status: [...t.statuses] }, firstPage(1))));
  const [waiting, transit] = counts;
  const fallback = transit!.total > 0 ? "transit" : waiting!.total > 0 ? "wait" : "done";
  const tab = driverTab(url.searchParams.get("tab") ?? fallback);
  const active = await freightApi.search(user, { status: [...tab.statuses] }, { current, size: HOME_LIST_SIZE });
  const currentRecord = transit!.records[0] ?? (waiting!.total > 0 ? await oldestWaiting(user, waiting!.total) : null);
  const detail = currentRecord ? await freightApi.detail(user, currentRecord.freightNo) : null;
  const doneNo = url.searchParams.get("done");
  const doneStep = url.searchParams.get("doneStep");
  return pageJson(user, {
    name: user.info.name,
    tabKey: tab.key,
    counts: Object.fromEntries(DRIVER_TABS.map((t, i) => [t.key, counts[i]!.total])) as Record<(typeof DRIVER_TABS)[number]["key"], number>,
    list: { records: active.records.map(cardOf), total: active.total, current: active.current, size: active.size },
    current: detail ? { ...cardOf(detail), dispatcherName: detail.dispatch.dispatcherName, dispatcherMobile: detail.dispatch.dispatcherMobile } : null,
    position: detail ? positionPlan(detail) : null,
    done: doneNo && FREIGHT_NO.test(doneNo) && (doneStep === "LOADING" || doneStep === "UNLOADING") ? stepDoneMessage(doneStep, doneNo) : null,
  });
}

/** The waiting waybill he was given first (the search lists newest first). */
async function oldestWaiting(user: CurrentUser, total: number): Promise<FreightRecord | null> {
  const last = await freightApi.search(user, { status: ["WAIT_LOADING"] }, { current: total, size: 1 });
  return last.records[0] ?? null;
}

export type DriverHomeLoader = typeof driverHomeLoader;

// ---------------------------------------------------------------------------------------------
// 装货 and 卸货

/** What the step page says about the waybill, and whether he may take the step on it now. */
function stepPageOf(step: DriverStepKey, freightNo: string, waybill: FreightDetail | null) {
  if (!waybill) return { freightNo, card: null, notice: freightNo ? `没有找到运单 ${freightNo}，请回到首页重新选择` : "请从首页选择要操作的运单", position: null };
  const card = cardOf(waybill);
  const notice = waybill.actions.includes(step) ? null : `这张运单现在是「${card.statusLabel}」，不能${STEP_ACTIONS[step].label}`;
  return { freightNo, card, notice, position: positionPlan(waybill) };
}

export async function driverStepLoader(step: DriverStepKey, { request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const freightNo = (new URL(request.url).searchParams.get("freightNo") ?? "").trim();
  const waybill = FREIGHT_NO.test(freightNo) ? await freightApi.detail(user, freightNo) : null;
  return pageJson(user, { step, ...stepPageOf(step, freightNo, waybill) });
}

export type DriverStepLoader = typeof driverStepLoader;

/** What he typed and the 磅单 he uploaded, kept across the check, the confirmation and a correction. */
interface StepValues {
  weight: string;
  ticket: string;
}

type StepReply =
  | { stage: "form"; values: StepValues; errors: Record<string, string>; refusal: string | null }
  | { stage: "confirm"; values: StepValues; reasons: string[] };

const reply = (body: StepReply, status = 200) => json(body, { status });

/**
 * One form, three intents: `check` reads the weight and the photo (uploaded here, held as its reference),
 * checks them with the step's rules and asks the platform what would be marked 异常, then shows the
 * confirmation; `confirm` takes the step; `edit` goes back to the form with what he entered.
 */
export async function driverStepAction(step: DriverStepKey, { request }: ActionFunctionArgs) {
  const user = await requirePage(request);
  const fields = driverFields(step);
  const weightField = DRIVER_STEPS[step].weight;
  const ticketField = fields.find((f) => f.kind === "document")!.name;
  const { form, errors: uploadErrors } = await readDocumentForm(request, user, { [ticketField]: "WEIGH_TICKET" });
  const intent = String(form.get("intent") ?? "");
  const freightNo = String(form.get("freightNo") ?? "").trim();
  const values: StepValues = { weight: String(form.get(weightField) ?? "").trim(), ticket: String(form.get(ticketField) ?? "").trim() };
  const formReply = (errors: Record<string, string>, refusal: string | null = null, status = 400) => reply({ stage: "form", values, errors, refusal }, status);

  const waybill = FREIGHT_NO.test(freightNo) ? await freightApi.detail(user, freightNo) : null;
  if (!waybill) return formReply({}, `没有找到运单 ${freightNo}，请回到首页重新选择`);
  if (intent === "edit") return formReply({}, null, 200);
  if (intent !== "check" && intent !== "confirm") return formReply({}, "不支持的操作");
  if (Object.keys(uploadErrors).length) return formReply({ [ticketField]: Object.values(uploadErrors).join("；") });

  const parsed = stepFormSchema(step, { freightWay: waybill.freightWay, loadedWeight: waybill.loadedWeight, unloadedWeight: waybill.unloadedWeight }).safeParse({
    [weightField]: values.weight || undefined,
    [ticketField]: values.ticket || undefined,
  });
  if (!parsed.success) return formReply(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? weightField), issue.message])));
  const kg = (parsed.data as Record<string, unknown>)[weightField] as number;

  try {
    if (intent === "check") {
      const check = await driverApi.stepCheck(user, step === "LOADING" ? { action: step, id: waybill.id, loadedWeight: kg } : { action: step, id: waybill.id, unloadedWeight: kg });
      return reply({ stage: "confirm", values, reasons: check.abnormalReasons });
    }
    await dispatchApi.step(user, step, stepBody(waybill.id, parsed.data));
  } catch (error) {
    if (error instanceof PlatformError) return formReply({}, error.message, 200);
    throw error;
  }
  const done = new URLSearchParams({ done: waybill.freightNo, doneStep: step });
  return redirect(`${DRIVER_HOME}?${done}`, { headers: await user.cookieHeaders() });
}

export type DriverStepAction = typeof driverStepAction;

// ---------------------------------------------------------------------------------------------
// Position while the page is open

/**
 * A batch of his phone's positions (JSON, sent by the open page's script) for his truck's waybill in
 * transit: checked with the platform's own schema and passed on; the platform decides whether the
 * vehicle is his to report and which points are precise enough to keep.
 */
export async function driverPositionAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ ok: false, message: "定位数据格式不正确" }, { status: 400 });
  }
  const parsed = trackReportSchema.safeParse(body);
  if (!parsed.success) return json({ ok: false, message: parsed.error.issues[0]?.message ?? "定位数据格式不正确" }, { status: 400 });
  try {
    const result = await driverApi.reportPositions(user, parsed.data);
    return json({ ok: true, stored: result.stored, imprecise: result.imprecise }, { headers: await user.cookieHeaders() });
  } catch (error) {
    if (error instanceof PlatformError) return json({ ok: false, message: error.message }, { status: 200 });
    throw error;
  }
}


const MESSAGE_ID = /^[1-9]\d{0,14}$/;

/** 我的消息: his messages, newest first (the platform's order), paged in the URL. */
export async function driverMessagesLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const { current, size } = notificationListQuery(url);
  const page = await notificationsApi.search(user, { current, size, status: null, tag: null });
  return pageJson(user, { page, notice: url.searchParams.get("done") === "read" ? "已标为已读" : null });
}
export type DriverMessagesLoader = typeof driverMessagesLoader;

/**
 * 标为已读 (one message, or all) and 查看详情 (marks it read and opens his own page for it: his waybills, his
 * wallet; else the console's page). Each is a form, so the page works without JavaScript.
 */
export async function driverMessagesAction({ request }: ActionFunctionArgs) {
  const user = await requirePage(request);
  const current = notificationListQuery(new URL(request.url)).current;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "read-all") {
      await notificationsApi.markRead(user, { readAll: true });
      return redirect(`${driverMessagesHref(current)}${current > 1 ? "&" : "?"}done=read`);
    }
    if (!MESSAGE_ID.test(id)) return json({ error: "消息不存在或已被删除" }, { status: 400 });
    if (intent === "read") {
      await notificationsApi.markRead(user, { ids: [id] });
      return redirect(`${driverMessagesHref(current)}${current > 1 ? "&" : "?"}done=read`);
    }
    if (intent === "open") {
      const notification = await notificationsApi.open(user, id);
      return redirect((await notificationsApi.driverTargetHref(user, notification)) ?? driverMessagesHref(current));
    }
    return json({ error: "不支持的操作" }, { status: 400 });
  } catch (error) {
    if (error instanceof PlatformError) return json({ error: error.kind === "not-found" ? "消息不存在或已被删除" : error.message }, { status: 400 });
    throw error;
  }
}
