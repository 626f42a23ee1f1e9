/**
 * Two views on engine list pages that create records through hand-written platform calls:
 * - 申请撮合开票 (/financialManage/matchmakingBillingList?apply=1): the caller's waybills a matchmaking
 *   application may take, ticked and confirmed (选中运单数, 发票金额), then POST /tms-match-invoice/apply.
 * - 登记 in batch (/financialManage/temporaryRegistrationList?batch=1): APPROVED drivers and captains
 *   without an active registration, ticked and confirmed, then POST /tms-tax-registration/batch.
 * Both are the engine's row selection (app/lib/batch-actions.ts): the ticks are a GET form opening the
 * confirmation (`?confirm=…:`), the confirmation is a POST form (`bulkAction`); a refusal shows on the
 * page and changes nothing. Works without JavaScript.
 */
import { formatYuan } from "../../../contract/numbers";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { MATCH_INVOICE_KINDS } from "../../../contract/resources/match-invoice";
import { listBody } from "~/services/list-query";
import { noticeAndHeaders, platformMessage } from "~/services/page-data.server";
import { APPLY_MATCH, BATCH_REGISTER } from "~/lib/batch-actions";
import { bulkAction, bulkConfirmation, type BulkRun } from "~/services/resource-pages.server";
import { requirePage } from "~/services/user.server";
import type { Paged } from "./money.server";
import { bulkConfirmKey, confirmHref } from "~/lib/confirm";

export const MATCH_LIST = "/financialManage/matchmakingBillingList";
export const TAX_LIST = "/financialManage/temporaryRegistrationList";

// ---------------------------------------------------------------------------------------------
// 申请撮合开票

export type MatchKind = keyof typeof MATCH_INVOICE_KINDS;
export interface MatchCandidates extends Paged {
  invoiceKind: MatchKind;
}

/** Where a view's dialog closes to: the view's address without `confirm`. */
const closeHref = (url: URL) => confirmHref(url.pathname, url, null);

export async function loadMatchApply(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const { notice, headers } = await noticeAndHeaders(request, user);
  const selected = url.searchParams.getAll("freightId").map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const base = { applyView: true as const, notice, selected, ticked: url.searchParams.getAll("freightId"), closeHref: closeHref(url) };
  try {
    const page = await user.call<MatchCandidates>({ path: "/tms-match-invoice/candidates", method: "POST", body: listBody(url, ["invoiceKind", "keyword", "shipperName"]) });
    const bulk = bulkConfirmKey(url) === APPLY_MATCH.key ? await bulkConfirmation(user, APPLY_MATCH, url, page.records as Array<Record<string, unknown> & { actions: string[] }>) : null;
    return json({ ...base, page, bulk, refused: null as string | null }, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    return json({ ...base, page: null, bulk: null, refused: platformMessage(error) }, { headers });
  }
}

/** 申请撮合开票: the ticked waybills, of the view's 发票种类 (the address's, default 服务费), to `POST /tms-match-invoice/apply`. */
export function matchApplyAction(args: ActionFunctionArgs) {
  const kind = new URL(args.request.url).searchParams.get("invoiceKind") || "SERVICE";
  const apply: BulkRun = async (user, { values, requestNo, input }) => {
    const created = await user.call<Record<string, unknown>>({ path: "/tms-match-invoice/apply", method: "POST", body: { requestNo, invoiceKind: kind, invoiceType: input.invoiceType, freightIds: values.map(Number) } });
    const applyNo = String(created.applyNo ?? created.apply_no ?? "");
    const count = Number(created.waybillCount ?? created.waybill_count ?? values.length);
    return { to: MATCH_LIST, notice: `撮合开票申请 ${applyNo} 已提交：${count} 个运单，发票金额 ${formatYuan(Number(created.amount ?? 0))} 元，待平台开票` };
  };
  return bulkAction({ bulkActions: [APPLY_MATCH] }, args, { applyMatch: apply });
}

// ---------------------------------------------------------------------------------------------
// 临时税务登记: 登记 in batch

export async function loadTaxBatch(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const { notice, headers } = await noticeAndHeaders(request, user);
  const ticked = url.searchParams.getAll("person").filter((v) => BATCH_REGISTER.pattern!.test(v));
  const base = { batchView: true as const, notice, selected: ticked, ticked, closeHref: closeHref(url) };
  try {
    const page = await user.call<Paged>({ path: "/tms-tax-registration/candidates", method: "POST", body: listBody(url, ["personType", "keyword"]) });
    const bulk = bulkConfirmKey(url) === BATCH_REGISTER.key ? await bulkConfirmation(user, BATCH_REGISTER, url, page.records as Array<Record<string, unknown> & { actions: string[] }>) : null;
    return json({ ...base, page, bulk, refused: null as string | null }, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    return json({ ...base, page: null, bulk: null, refused: platformMessage(error) }, { headers });
  }
}

/** 批量登记: the ticked drivers and captains to `POST /tms-tax-registration/batch` (all or none). */
export function taxBatchAction(args: ActionFunctionArgs) {
  const register: BulkRun = async (user, { values, input }) => {
    const persons = values.map((value) => {
      const [personType, id] = value.split(":");
      return { personType, profileId: Number(id) };
    });
    const authorizationFile = String(input.authorizationFile ?? "").split(/\s+/).filter(Boolean);
    const done = await user.call<{ count: number; records: Array<{ name: string }> }>({ path: "/tms-tax-registration/batch", method: "POST", body: { persons, taxAuthority: input.taxAuthority, authorizationFile } });
    const names = done.records.slice(0, 5).map((r) => r.name).join("、");
    return { to: `${TAX_LIST}?status=PENDING`, notice: `已提交 ${done.count} 人的临时税务登记（待登记）：${names}${done.count > 5 ? " 等" : ""}` };
  };
  return bulkAction({ bulkActions: [BATCH_REGISTER] }, args, { batchRegister: register });
}
