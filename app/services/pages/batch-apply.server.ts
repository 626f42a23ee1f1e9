/**
 * Two views on engine list pages that create records through hand-written platform calls:
 * - 申请撮合开票 (/financialManage/matchmakingBillingList?apply=1): the caller's waybills a matchmaking
 *   application may take, ticked and confirmed (选中运单数, 发票金额), then POST /tms-match-invoice/apply.
 * - 登记 in batch (/financialManage/temporaryRegistrationList?batch=1): APPROVED drivers and captains
 *   without an active registration, ticked and confirmed, then POST /tms-tax-registration/batch.
 * Both work without JavaScript: the ticks are a GET form opening the confirmation (`?confirm=…:`),
 * the confirmation is a POST form; a refusal shows on the page and changes nothing.
 */
import { formatYuan } from "../../../contract/numbers";
import { randomUUID } from "node:crypto";
import { json } from "@remix-run/node";
import { MATCH_INVOICE_KINDS } from "../../../contract/resources/match-invoice";
import { pageParams } from "~/lib/paging";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "~/services/page-data.server";
import { requirePage } from "~/services/user.server";
import type { Paged } from "./money.server";

export const MATCH_LIST = "/financialManage/matchmakingBillingList";
export const TAX_LIST = "/financialManage/temporaryRegistrationList";

const text = (form: FormData, key: string) => String(form.get(key) ?? "").trim();

function query(url: URL, filters: readonly string[]) {
  const out: Record<string, string | number> = { ...pageParams(url) };
  for (const key of filters) {
    const value = (url.searchParams.get(key) ?? "").trim();
    if (value) out[key] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 申请撮合开票

export type MatchKind = keyof typeof MATCH_INVOICE_KINDS;
export interface MatchCandidates extends Paged {
  invoiceKind: MatchKind;
}

export async function loadMatchApply(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const { notice, headers } = await noticeAndHeaders(request, user);
  const selected = url.searchParams.getAll("freightId").map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const base = { applyView: true as const, notice, requestNo: randomUUID(), confirm: url.searchParams.get("confirm") ?? "", selected };
  try {
    const page = await user.call<MatchCandidates>({ path: "/tms-match-invoice/candidates", method: "POST", body: query(url, ["invoiceKind", "keyword", "shipperName"]) });
    return json({ ...base, page, refused: null as string | null }, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    return json({ ...base, page: null, refused: platformMessage(error) }, { headers });
  }
}

export async function matchApplyAction(request: Request, form: FormData) {
  const user = await requirePage(request);
  const freightIds = form.getAll("freightId").map((v) => Number(v));
  if (freightIds.length === 0) return json({ error: "请先勾选要开票的运单" }, { status: 400 });
  if (freightIds.some((n) => !Number.isSafeInteger(n) || n <= 0)) return json({ error: "选择的运单不正确，请重新勾选" }, { status: 400 });
  const invoiceKind = text(form, "invoiceKind");
  if (!(invoiceKind in MATCH_INVOICE_KINDS)) return json({ error: "请选择发票种类" }, { status: 400 });
  try {
    const created = await user.call<Record<string, unknown>>({
      path: "/tms-match-invoice/apply",
      method: "POST",
      body: { requestNo: text(form, "requestNo"), invoiceKind, invoiceType: text(form, "invoiceType"), freightIds },
    });
    const applyNo = String(created.applyNo ?? created.apply_no ?? "");
    const count = Number(created.waybillCount ?? created.waybill_count ?? freightIds.length);
    const amount = formatYuan(Number(created.amount ?? 0));
    return redirectWithNotice(user, MATCH_LIST, `撮合开票申请 ${applyNo} 已提交：${count} 个运单，发票金额 ${amount} 元，待平台开票`);
  } catch (error) {
    return json({ error: platformMessage(error) }, { status: 200 });
  }
}

// ---------------------------------------------------------------------------------------------
// 临时税务登记: 登记 in batch

export async function loadTaxBatch(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const { notice, headers } = await noticeAndHeaders(request, user);
  const selected = url.searchParams.getAll("person").filter((v) => /^(DRIVER|CAPTAIN):[1-9]\d{0,14}$/.test(v));
  const base = { batchView: true as const, notice, confirm: url.searchParams.get("confirm") ?? "", selected };
  try {
    const page = await user.call<Paged>({ path: "/tms-tax-registration/candidates", method: "POST", body: query(url, ["personType", "keyword"]) });
    return json({ ...base, page, refused: null as string | null }, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    return json({ ...base, page: null, refused: platformMessage(error) }, { headers });
  }
}

export async function taxBatchAction(request: Request, form: FormData) {
  const user = await requirePage(request);
  const picked = form.getAll("person").map(String);
  if (picked.length === 0) return json({ error: "请先勾选要登记的司机或船长" }, { status: 400 });
  const persons = [];
  for (const value of picked) {
    const match = /^(DRIVER|CAPTAIN):([1-9]\d{0,14})$/.exec(value);
    if (!match) return json({ error: "选择的人员不正确，请重新勾选" }, { status: 400 });
    persons.push({ personType: match[1], profileId: Number(match[2]) });
  }
  const taxAuthority = text(form, "taxAuthority");
  if (!taxAuthority) return json({ error: "请填写主管税务机关" }, { status: 400 });
  const authorizationFile = text(form, "authorizationFile").split(/\s+/).filter(Boolean);
  if (authorizationFile.length === 0) return json({ error: "请填写委托代征授权书地址" }, { status: 400 });
  try {
    const done = await user.call<{ count: number; records: Array<{ name: string }> }>({ path: "/tms-tax-registration/batch", method: "POST", body: { persons, taxAuthority, authorizationFile } });
    const names = done.records.slice(0, 5).map((r) => r.name).join("、");
    return redirectWithNotice(user, `${TAX_LIST}?status=PENDING`, `已提交 ${done.count} 人的临时税务登记（待登记）：${names}${done.count > 5 ? " 等" : ""}`);
  } catch (error) {
    return json({ error: platformMessage(error) }, { status: 200 });
  }
}
