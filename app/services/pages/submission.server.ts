/**
 * Loaders and actions of the /submitData pages (anhuiJoint, roadTransport, waterTransport and their
 * details), parameterised by the target. Lists are GET forms; every action is a POST form that
 * redirects back with a notice, so the pages work without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageSiblings, pageTarget, REPORT_TARGETS, reportSearchSchema, type ReportTarget } from "../../../contract/submission";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "~/services/page-data.server";
import { submissionApi, type SendResult } from "~/services/submission.server";
import { requirePage } from "~/services/user.server";
import { json } from "@remix-run/node";
import { readForm } from "~/services/read-form.server";
import { parseListQuery } from "~/services/list-query";
import { SUBMISSION_BULK } from "~/lib/submission-actions";
import { bulkAction, bulkConfirmation, bulkConfirmOf } from "~/services/resource-pages.server";
import { confirmHref } from "~/lib/confirm";

const FILTER_NAMES = ["keyword", "carrier", "status", "abnormal", "overdue", "completeFrom", "completeTo"] as const;

export async function submissionListLoader(own: ReportTarget, { request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const target = pageTarget(own, url.searchParams);
  // A refused filter is left out of the search and its message shown above the table.
  const { filter, errors, current, size } = parseListQuery(reportSearchSchema, url, { target }, { fields: FILTER_NAMES });
  const { notice, headers } = await noticeAndHeaders(request, user);
  let searchError: string | null = Object.values(errors).join("；") || null;
  let data = { records: [] as Awaited<ReturnType<typeof submissionApi.search>>["records"], total: 0, current, size };
  try {
    data = await submissionApi.search(user, filter, { current, size });
  } catch (error) {
    searchError = platformMessage(error);
  }
  const targets = await submissionApi.targets(user).catch(() => []);
  // 批量上报's confirmation (`?confirm=submit:&freightId=…`): the ticked rows the platform offers 上报 on.
  const bulk = bulkConfirmOf(SUBMISSION_BULK, url);
  const confirmation = bulk ? await bulkConfirmation(user, bulk, url, data.records) : null;
  const listHref = confirmHref(url.pathname, url, null);
  // The page's tabs: its targets the platform has (安徽省 and the national system share one page).
  const tabs = pageSiblings(target).filter((code) => targets.some((t) => t.code === code));
  return json({ target, data, notice, searchError, state: targets.find((t) => t.code === target) ?? null, bulk: confirmation, ticked: url.searchParams.getAll("freightId"), listHref, tabs }, { headers });
}

const resultNotice = (results: SendResult[], refusals: string[] = []) => {
  const ok = results.filter((r) => r.status === "SUCCESS").length;
  const failed = results.filter((r) => r.status === "FAILED");
  const waiting = results.filter((r) => r.status === "PENDING");
  const parts = [`已发送 ${results.length} 条，成功 ${ok} 条`];
  if (failed.length) parts.push(`失败 ${failed.length} 条（${failed[0]!.message}）`);
  if (waiting.length) parts.push(`待重试 ${waiting.length} 条（${waiting[0]!.message}）`);
  if (refusals.length) parts.push(refusals.join("；"));
  return results.length || refusals.length ? parts.join("，") : "没有待上报的记录";
};

const ids = (form: FormData, name: string) => form.getAll(name).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** 上报 / 批量上报 / 重试全部失败 / 重新上报 / 标记异常 / 恢复: each redirects back to the page it came from. */
export async function submissionAction(own: ReportTarget, args: ActionFunctionArgs) {
  const { request } = args;
  const target = pageTarget(own, new URL(request.url).searchParams);
  // 批量上报 from its confirmation: the engine's bulk action (the ticked waybills, checked, then sent).
  if ((await readForm(request.clone())).get("intent") === "bulk:submit") {
    return bulkAction(SUBMISSION_BULK, args, { submit: async (user, { values }) => ({ notice: resultNotice(await submissionApi.submit(user, target, values.map(Number))) }) });
  }
  const user = await requirePage(request);
  const form = await readForm(request);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "submit": {
        const freightIds = ids(form, "freightId");
        if (!freightIds.length) return redirectWithNotice(user, back, "请先勾选要上报的运单");
        return redirectWithNotice(user, back, resultNotice(await submissionApi.submit(user, target, freightIds)));
      }
      case "retryFailed":
        return redirectWithNotice(user, back, resultNotice(await submissionApi.retryFailed(user, target)));
      case "resubmit": {
        const recordIds = ids(form, "recordId");
        const reason = String(form.get("reason") ?? "").trim() || undefined;
        const outcome = await submissionApi.resubmit(user, recordIds, reason);
        return redirectWithNotice(user, back, resultNotice(outcome.results, outcome.refusals));
      }
      case "mark":
      case "unmark": {
        const [recordId] = ids(form, "recordId");
        const remark = String(form.get("remark") ?? "").trim() || undefined;
        await submissionApi.mark(user, recordId ?? 0, intent === "mark", remark);
        return redirectWithNotice(user, back, intent === "mark" ? "已标记异常，该运单不再自动上报" : "已取消异常标记");
      }
      case "resume":
        await submissionApi.resume(user, target);
        return redirectWithNotice(user, back, "对接已恢复");
      default:
        return redirectWithNotice(user, back, "未知操作");
    }
  } catch (error) {
    return redirectWithNotice(user, back, platformMessage(error));
  }
}

export async function submissionDetailLoader(own: ReportTarget, { request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const target = pageTarget(own, url.searchParams);
  const freightId = Number(url.searchParams.get("freightId"));
  if (!Number.isInteger(freightId) || freightId <= 0) throw new Response("请从列表选择运单", { status: 404 });
  const { notice, headers } = await noticeAndHeaders(request, user);
  const detail = await submissionApi.detail(user, target, freightId).catch((error) => {
    throw new Response(platformMessage(error), { status: 404 });
  });
  return json({ target, detail, notice, listHref: REPORT_TARGETS[target].page }, { headers });
}

