/**
 * The appeal pages' own parts: 提交申诉 (?freightNo=), a form of its own, and the sections 申诉详情 and
 * 申诉审核 (?id=, the engine's detail and audit pages) add; the list is the engine's. Everything is in the URL query or a POSTed form, so the pages work without
 * JavaScript; a platform refusal is shown on the page and changes nothing.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { AppealRecord } from "../../../contract/appeal";
import type { FreightDetail, FreightRecord } from "../../../contract/freight";
import { appeal as appealDef } from "../../../contract/resources/appeal";
import { appealFormSchema } from "~/lib/appeal-forms";
import { appealDetailHref, appealSubmitHref, APPEAL_ROLES } from "~/lib/appeal-links";
import { appealApi } from "~/services/appeal.server";
import { freightApi } from "~/services/freight.server";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "~/services/page-data.server";
import { resourcesApi, type ResourceDetail } from "~/services/resources.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { readForm } from "~/services/read-form.server";
import { replyStatus } from "~/lib/form";
import { firstPage } from "~/lib/paging";

const FREIGHT_NO_PATTERN = /^[A-Za-z0-9]{1,32}$/;

const has = (user: CurrentUser, codes: readonly string[]) => codes.some((code) => user.roles.includes(code));

// ---------------------------------------------------------------------------------------------
// 提交申诉

/** The waybill's fields the appeal pages show (the detail's events, comments and contract left out). */
function briefOf({ events: _e, comments: _c, contract: _k, dispatch: _d, ...record }: FreightDetail): FreightRecord {
  return record;
}

/** Why the waybill cannot be appealed now (the platform's own words), or null. */
function blockedReason(waybill: FreightRecord, earlier: AppealRecord[]): string | null {
  if (!waybill.abnormal) return `运单 ${waybill.freightNo} 当前没有风险标记，无需申诉`;
  const pending = earlier.find((a) => a.status === "PENDING");
  return pending ? `运单 ${waybill.freightNo} 已有待审核的申诉（${pending.appealNo}），请等待审核结果` : null;
}

export async function loadAppealSubmit(request: Request) {
  const user = await requirePage(request);
  const freightNo = (new URL(request.url).searchParams.get("freightNo") ?? "").trim();
  const { notice, headers } = await noticeAndHeaders(request, user);
  const empty = { freightNo, waybill: null, dispatch: null, earlier: [] as AppealRecord[], blocked: null, notice };
  if (!freightNo) return json({ ...empty, lookupError: null }, { headers });
  const detail = FREIGHT_NO_PATTERN.test(freightNo) ? await freightApi.detail(user, freightNo) : null;
  if (!detail) return json({ ...empty, lookupError: `未找到运单 ${freightNo}，它不存在或您无权查看` }, { headers });
  const [dispatch, earlier] = await Promise.all([
    freightApi.dispatchInfo(user, detail.id),
    resourcesApi.search(user, appealDef, { freightId: detail.id }, firstPage(50)).then((page) => page.records as unknown as AppealRecord[]),
  ]);
  const waybill = briefOf(detail);
  return json({ freightNo: waybill.freightNo, waybill, dispatch, earlier, blocked: blockedReason(waybill, earlier), notice, lookupError: null }, { headers });
}

export async function submitAppealAction(request: Request) {
  const user = await requirePage(request);
  const submission = parseWithZod(await readForm(request), { schema: appealFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: replyStatus(submission) });
  const { freightNo, reason, evidence } = submission.value;
  let appeal: AppealRecord;
  try {
    appeal = await appealApi.submit(user, { freightNo, reason, evidence });
  } catch (error) {
    // A refusal (no longer abnormal, a pending appeal meanwhile): the page reloads the waybill and says why.
    return json({ result: submission.reply({ formErrors: [platformMessage(error)] }) });
  }
  const next = has(user, APPEAL_ROLES.detail) ? appealDetailHref(appeal.id) : appealSubmitHref(appeal.freightNo);
  return redirectWithNotice(user, next, `申诉 ${appeal.appealNo} 已提交，等待平台审核`);
}

// ---------------------------------------------------------------------------------------------
// 申诉详情, 申诉审核: the engine's detail and audit pages, with these sections of their own

/** The waybill as it is now, who dispatched it and its appeals (newest first): the appeal pages' own sections (a `DetailExtra`). */
export async function appealSections(user: CurrentUser, record: ResourceDetail) {
  const detail = await appealApi.detail(user, record.id);
  if (!detail) throw new Response("申诉不存在", { status: 404 });
  const dispatch = await freightApi.dispatchInfo(user, detail.freight.id);
  return { freight: detail.freight, history: detail.history, dispatch };
}
export type AppealExtra = Awaited<ReturnType<typeof appealSections>>;

/** What the submit action answers when it does not redirect: the form's state for Conform. */
export type AppealFormActionData = { result: SubmissionResult<string[]> };
