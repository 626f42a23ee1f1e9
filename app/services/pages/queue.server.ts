/**
 * Loader and action of the step work-queue pages (/dispatchManage/loading, delivery, sign, confirm
 * and the water twins), parameterised by the queue. The list is the freight search with the queue
 * tab's statuses; `?freightNo=` opens one waybill's step form; a step posts here, is checked against
 * the same rules as the form (steps.ts), goes to the platform, and redirects back with `?done=`.
 */
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { FREIGHT_STATUS_LABELS, type FreightDetail, type FreightWay } from "../../../contract/freight";
import { dispatchApi } from "~/services/dispatch.server";
import { canSeeWater, freightApi, freightListQuery } from "~/services/freight.server";
import { PlatformError } from "~/services/platform.server";
import {
  isStepAction,
  queueForStatus,
  queueHref,
  queueTab,
  QUEUES,
  STEP_ACTIONS,
  stepBody,
  stepFormSchema,
  stepsFor,
  stepsOffered,
  type QueueKey,
  type QueueSpec,
  type StepActionKey,
  type StepContext,
} from "~/lib/steps";
import { pageJson } from "~/services/page-data.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { replyStatus } from "~/lib/form";
import { readDocumentForm } from "~/services/documents.server";
import type { DocumentKind } from "~/lib/documents";

const FREIGHT_NO_PATTERN = /^[A-Za-z0-9]{1,32}$/;

/** The document fields of a queue's step forms (磅单), by name: what the page's form may upload. */
function queueDocuments(queue: QueueSpec): Record<string, DocumentKind> {
  return Object.fromEntries(queue.actions.flatMap((key) => STEP_ACTIONS[key].fields.filter((f) => f.kind === "document").map((f) => [f.name, "WEIGH_TICKET" as DocumentKind])));
}

/** Query names about the opened waybill and the last step done, as opposed to the list's own state. */
const NOT_LIST_PARAMS = ["freightNo", "done", "doneStep", "doneWay"];

/** The list part of a queue page's query (tab, filters, page), which every link and redirect keeps. */
export function listQuery(url: URL): URLSearchParams {
  const kept = new URLSearchParams(url.search);
  for (const name of NOT_LIST_PARAMS) kept.delete(name);
  return kept;
}

/** A waybill's step context: what the step rules need to know about it. */
function contextOf(waybill: FreightDetail): StepContext {
  return { freightWay: waybill.freightWay, loadedWeight: waybill.loadedWeight, unloadedWeight: waybill.unloadedWeight };
}

interface SelectedWaybill {
  freightNo: string;
  waybill: FreightDetail | null;
  /** The step forms to show. */
  steps: StepActionKey[];
  /** Why no form (or not the expected one) is shown. */
  notice: string | null;
  /** The queue page where the waybill's next step is taken, when it is another page. */
  handledAt: { title: string; href: string } | null;
}

/** What the page says about the waybill chosen with `?freightNo=`, and which step forms it offers. */
async function selectedWaybill(user: CurrentUser, queue: QueueSpec, freightNo: string): Promise<SelectedWaybill> {
  const waybill = FREIGHT_NO_PATTERN.test(freightNo) ? await freightApi.detail(user, freightNo) : null;
  if (!waybill) return { freightNo, waybill: null, steps: [], notice: `未找到运单 ${freightNo}，它不存在或您无权查看`, handledAt: null };
  const next = queueForStatus(waybill.status, waybill.freightWay);
  const handledAt = next && next.queue.key !== queue.key ? { title: next.queue.title, href: queueHref(next.queue, next.tab, waybill.freightNo) } : null;
  if (queue.freightWay && waybill.freightWay !== queue.freightWay) {
    const way = waybill.freightWay === "WATER" ? "水路" : "公路";
    return { freightNo, waybill, steps: [], notice: `运单 ${freightNo} 是${way}运输运单，请在对应页面处理`, handledAt };
  }
  const possible = stepsFor(queue, waybill.status);
  const steps = stepsOffered(queue, waybill);
  let notice: string | null = null;
  if (possible.length === 0) notice = `运单当前状态为「${FREIGHT_STATUS_LABELS[waybill.status]}」，本页没有可执行的操作`;
  else if (steps.length === 0) notice = `您的账号类型不能对该运单执行${possible.map((s) => STEP_ACTIONS[s].label).join("、")}`;
  return { freightNo, waybill, steps, notice, handledAt };
}

export async function queueLoader(key: QueueKey, { request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const queue = QUEUES[key];
  const url = new URL(request.url);
  const tab = queueTab(queue, url.searchParams.get("tab"));
  // `freightNo` opens a waybill here rather than filtering the list.
  const { filter, current, size, values, errors } = freightListQuery(new URL(`${url.pathname}?${listQuery(url)}`, url), {
    status: [...tab.statuses],
    freightWay: queue.freightWay ?? undefined,
  });
  const waterDenied = queue.freightWay === "WATER" && !canSeeWater(user);
  const freightNo = (url.searchParams.get("freightNo") ?? "").trim();
  const doneNo = url.searchParams.get("done");
  const doneStep = url.searchParams.get("doneStep");
  const doneWay: FreightWay = url.searchParams.get("doneWay") === "WATER" ? "WATER" : "ROAD";

  const [list, selected] = await Promise.all([
    waterDenied ? null : freightApi.search(user, filter, { current, size }),
    waterDenied || !freightNo ? null : selectedWaybill(user, queue, freightNo),
  ]);
  return pageJson(user, {
    key,
    tabKey: tab.key,
    filterValues: values,
    filterErrors: errors,
    showFreightWay: canSeeWater(user),
    list,
    waterDenied,
    selected,
    done: doneNo && FREIGHT_NO_PATTERN.test(doneNo) && isStepAction(doneStep) ? { freightNo: doneNo, step: doneStep, freightWay: doneWay } : null,
  });
}

export type QueueLoader = typeof queueLoader;

const refusal = (action: StepActionKey | null, freightNo: string, message: string, status = 200) =>
  json({ action, freightNo, result: null, refusal: message }, { status });

/**
 * Takes one step. Form errors answer 400 with the field messages (the page keeps what was typed);
 * a platform refusal answers 200 so the page reloads the waybill and shows its real status under
 * the message; success redirects back to the queue with `?done=<freightNo>`.
 */
export async function queueAction(key: QueueKey, { request }: ActionFunctionArgs) {
  const user = await requirePage(request);
  const queue = QUEUES[key];
  const url = new URL(request.url);
  // The step forms' documents (磅单) come as files of a multipart form, or as references the widget uploaded.
  const { form, errors: uploadErrors } = await readDocumentForm(request, user, queueDocuments(queue));
  const intent = form.get("intent");
  const freightNo = String(form.get("freightNo") ?? "").trim();
  if (!isStepAction(intent) || !queue.actions.includes(intent)) return refusal(null, freightNo, "不支持的操作", 400);
  if (!FREIGHT_NO_PATTERN.test(freightNo)) return refusal(intent, freightNo, "运单号格式不正确", 400);
  const waybill = await freightApi.detail(user, freightNo);
  if (!waybill) return refusal(intent, freightNo, `未找到运单 ${freightNo}，它不存在或您无权查看`);

  const submission = parseWithZod(form, { schema: stepFormSchema(intent, contextOf(waybill)) });
  const refused = Object.entries(uploadErrors);
  if (refused.length) return json({ action: intent, freightNo, result: submission.reply({ fieldErrors: Object.fromEntries(refused.filter(([k]) => k !== "_").map(([k, m]) => [k, [m]])), formErrors: refused.map(([, m]) => m) }), refusal: null }, { status: 400 });
  if (submission.status !== "success") return json({ action: intent, freightNo, result: submission.reply(), refusal: null }, { status: replyStatus(submission) });
  try {
    await dispatchApi.step(user, intent, stepBody(waybill.id, submission.value));
  } catch (error) {
    if (error instanceof PlatformError) return refusal(intent, freightNo, error.message);
    throw error;
  }
  const back = listQuery(url);
  back.set("done", freightNo);
  back.set("doneStep", intent);
  back.set("doneWay", waybill.freightWay);
  return redirect(`${queue.path}?${back}`, { headers: await user.cookieHeaders() });
}

export type QueueAction = typeof queueAction;
