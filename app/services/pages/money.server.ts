/**
 * Loaders and actions of the money pages (账户管理 and the ledger's 财务管理 pages). Reads relay the
 * platform's /pay calls with the URL query; every write is a POSTed form with an `intent` and, when it
 * moves money, a `requestNo` generated when the page rendered (a double submit or a retry moves money
 * once). Refusals are shown on the page and change nothing. Amounts are typed in 元 and sent in fen.
 */
import { readDocumentForm } from "~/services/documents.server";
import { refsOfText, type DocumentKind } from "~/lib/documents";
import { formatYuan } from "../../../contract/numbers";
import { randomUUID } from "node:crypto";
import { json } from "@remix-run/node";
import { chinaLocalToIso, yuanToFen } from "../../../contract/units";
import { firstPage } from "~/lib/paging";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "~/services/page-data.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { readForm } from "~/services/read-form.server";
import { filterSchema } from "../../../contract/resources/derive";
import { ownEntryPages, ownRechargeList, ownWithdrawalList } from "~/pages/money";
import type { ListPage } from "~/pages/kit";
import { parseResourceQuery } from "~/services/resource-query";
import { resourcesApi, type ResourceDetail, type ResourcePageData } from "~/services/resources.server";
import { recordAction } from "~/services/resource-pages.server";
import { CONFIRM_PARAM, confirmedId, confirmHref, recordConfirmOf } from "~/lib/confirm";

export interface Paged<T = Record<string, unknown>> {
  records: T[];
  total: number;
  current: number;
  size: number;
  sums?: Record<string, number>;
}
type Row = Record<string, unknown>;

const pay = <T>(user: CurrentUser, path: string, body?: unknown, method: "GET" | "POST" | "DELETE" = "POST") => user.call<T>({ path: `/pay${path}`, method, body: method === "GET" || method === "DELETE" ? undefined : (body ?? {}) });

export async function pageData<T extends object>(request: Request, user: CurrentUser, data: T) {
  const { notice, headers } = await noticeAndHeaders(request, user);
  return json({ ...data, notice, requestNo: randomUUID() }, { headers });
}

/**
 * A bespoke page's own engine list (我的提现, 我的充值): the resource's search with the URL's filters and
 * paging, and the row whose transition `?confirm=<action>:<id>` asks to confirm, if the platform allows it.
 */
async function ownList(user: CurrentUser, page: ListPage, url: URL) {
  const query = parseResourceQuery(filterSchema(page.def), page.def, url, page.preset);
  const list: ResourcePageData = await resourcesApi.search(user, page.def, query.filter, query);
  const asked = recordConfirmOf(url);
  let confirm: { action: string; record: ResourceDetail } | null = null;
  if (asked && asked.resource === null && page.def.status?.transitions[asked.action]) {
    const record = list.records.find((r) => r.id === asked.id) ?? (await resourcesApi.get(user, page.def, asked.id));
    if (record?.actions.includes(asked.action)) confirm = { action: asked.action, record: record as ResourceDetail };
  }
  return { list, confirm, pageHref: confirmHref(url.pathname, url, null) };
}

/** My own bank cards: each may be unbound (解绑 is the ledger's own call, confirmed by `?confirm=unbind:<id>`). */
const withUnbind = (cards: Row[]) => cards.map((c) => ({ ...c, isDefault: Number(c.isDefault) === 1, actions: ["unbind"] }));

/** How many of his ledger entries a phone shows at a time (its own pager, `?flow=<page>`, beside the withdrawals'). */
const FLOW_PAGE_SIZE = 10;

/**
 * 账户信息: the account, its cards, my withdrawals. `entries` adds a page of my ledger entries (账户流水's
 * list), for a page that shows all of his money in one place (the driver's 我的钱包).
 */
export async function loadAccountInfo(request: Request, options: { entries?: boolean } = {}) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const flowPage = Math.max(1, Math.floor(Number(url.searchParams.get("flow")) || 1));
  const [summary, withdrawals, entries] = await Promise.all([
    pay<{ account: Row; cards: Row[] }>(user, "/account", undefined, "GET"),
    ownList(user, ownWithdrawalList, url),
    options.entries ? resourcesApi.search(user, ownEntryPages.list!.def, {}, { current: flowPage, size: FLOW_PAGE_SIZE }) : null,
  ]);
  return pageData(request, user, { account: summary.account, cards: withUnbind(summary.cards), ...withdrawals, entries, unbind: confirmedId(url, "unbind")?.toString() ?? null });
}

/**
 * 账户充值. Only an organisation recharges (its account, by bank transfer; the ledger's `submitRecharge`
 * refuses anyone else, and the recharges list is read by the kinds its definition names); a person's
 * wallet is filled by freight and red envelopes, so a person sees the account, why there is no form, and
 * the wallet's latest entries.
 */
export async function loadRecharge(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const recharges = (ownRechargeList.def.kinds.read as readonly string[]).includes(user.info.type);
  const [summary, own] = await Promise.all([pay<{ account: Row }>(user, "/account", undefined, "GET"), ownList(user, recharges ? ownRechargeList : ownEntryPages.list!, url)]);
  return pageData(request, user, { account: summary.account, recharges, ...own });
}

/** 企业余额明细's 核对: Σ entries and Σ frozen deltas of the account against its cached balance. */
export interface BalanceCheckData {
  entriesBalance: number;
  entriesFrozen: number;
  matches: boolean;
}

export async function balanceCheck(user: CurrentUser, record: ResourceDetail): Promise<BalanceCheckData> {
  const { check } = await pay<{ check: BalanceCheckData }>(user, `/balances/${record.id}`, firstPage(1));
  return check;
}

export async function loadEntryDetail(request: Request) {
  const user = await requirePage(request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(id)) throw new Response("流水不存在", { status: 404 });
  const detail = await pay<{ entry: Row; lines: Row[]; payment: Row | null }>(user, `/entries/${id}`, undefined, "GET");
  return pageData(request, user, detail);
}

export const text = (form: FormData, key: string) => String(form.get(key) ?? "").trim();

export function fenOf(form: FormData, key: string, label: string): number {
  const fen = yuanToFen(text(form, key));
  if (fen === null || fen <= 0) throw new FormError(`${label}须为大于 0 的金额（元，最多两位小数）`);
  return fen;
}

export class FormError extends Error {}

/** Runs one intent; success redirects to the page with a notice, a refusal answers the page with the message. */
export async function perform(request: Request, work: (user: CurrentUser, form: FormData) => Promise<string>, options: { documents?: Record<string, DocumentKind> } = {}) {
  const user = await requirePage(request);
  // A form with documents (转账凭证) is multipart without JavaScript: its files go to the document store first.
  const { form, errors } = options.documents ? await readDocumentForm(request, user, options.documents) : { form: await readForm(request), errors: {} };
  const refused = Object.values(errors);
  if (refused.length) return json({ error: refused.join("；") }, { status: 400 });
  const back = new URL(request.url);
  back.searchParams.delete(CONFIRM_PARAM);
  back.searchParams.delete("freightId");
  try {
    const message = await work(user, form);
    return redirectWithNotice(user, `${back.pathname}${back.search}`, message);
  } catch (error) {
    if (error instanceof FormError) return json({ error: error.message }, { status: 400 });
    return json({ error: platformMessage(error) }, { status: 200 });
  }
}


/** The one 转账凭证 a recharge takes (the widget holds at most one). */
function voucherOf(form: FormData): string {
  const refs = refsOfText(text(form, "voucherUrl"));
  if (!refs.length) throw new FormError("请上传转账凭证（图片或 PDF）");
  if (refs.length > 1) throw new FormError("转账凭证只能上传 1 个文件");
  return refs[0]!;
}

/** Whether a posted form runs a row's transition (撤销), which the engine's record action carries out. */
export async function isTransition(request: Request): Promise<boolean> {
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return false;
  const form = await readForm(request.clone());
  return String(form.get("intent") ?? "").startsWith("transition:");
}

export async function rechargeAction(args: { request: Request; params: Record<string, string | undefined>; context: unknown }) {
  if (await isTransition(args.request)) return recordAction(ownRechargeList, args as never);
  return perform(args.request, async (user, form) => {
    const r = await pay<Row>(user, "/recharges", {
      requestNo: text(form, "requestNo"),
      amount: fenOf(form, "amount", "充值金额"),
      payerName: text(form, "payerName"),
      payerAccountNo: text(form, "payerAccountNo"),
      payerBank: text(form, "payerBank"),
      bankSerialNo: text(form, "bankSerialNo"),
      transferTime: chinaLocalToIso(text(form, "transferTime")) ?? "",
      voucherUrl: voucherOf(form),
    });
    return `充值申请 ${String(r.recharge_no)} 已提交，金额 ${formatYuan(Number(r.amount))} 元，等待平台确认到账`;
  }, { documents: { voucherUrl: "RECHARGE_VOUCHER" } });
}

export async function accountInfoAction(args: { request: Request; params: Record<string, string | undefined>; context: unknown }) {
  if (await isTransition(args.request)) return recordAction(ownWithdrawalList, args as never);
  return perform(args.request, async (user, form) => {
    switch (text(form, "intent")) {
      case "bindCard":
        await pay(user, "/bank-cards", { holderName: text(form, "holderName"), cardNo: text(form, "cardNo"), bankName: text(form, "bankName"), bankBranch: text(form, "bankBranch") || undefined, reservedMobile: text(form, "reservedMobile") || undefined });
        return "银行卡已绑定";
      case "unbind":
        await pay(user, `/bank-cards/${text(form, "id")}`, undefined, "DELETE");
        return "银行卡已解绑";
      default: {
        const w = await pay<Row>(user, "/withdrawals", { requestNo: text(form, "requestNo"), bankCardId: Number(text(form, "bankCardId")), amount: fenOf(form, "amount", "提现金额") });
        return `提现申请 ${String(w.withdraw_no)} 已提交，${formatYuan(Number(w.amount))} 元已冻结，等待平台审核`;
      }
    }
  });
}

/** 支付详情 (?id=): the payment, its waybills, its history and the actions the platform allows the caller. */
export async function loadPaymentDetail(request: Request) {
  const user = await requirePage(request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(id)) throw new Response("支付单不存在", { status: 404 });
  const detail = await pay<{ payment: Row; items: Row[]; events: Row[]; actions: string[] }>(user, `/payments/${id}`, undefined, "GET");
  return pageData(request, user, detail);
}

/** 支付审核 on the detail page: 审核通过 (pays through the ledger) or 驳回 with the reason. */
export function paymentAuditAction(request: Request) {
  return perform(request, async (user, form) => {
    const id = new URL(request.url).searchParams.get("id") ?? "";
    if (!/^[1-9]\d{0,14}$/.test(id)) throw new FormError("支付单不存在");
    if (text(form, "intent") === "reject") {
      const reason = text(form, "reason");
      if (!reason) throw new FormError("请填写驳回原因");
      await pay(user, `/payments/${id}/reject`, { reason });
      return "支付单已驳回，运单已退回待付款";
    }
    await pay(user, `/payments/${id}/approve`);
    return "已审核通过，运费已支付";
  });
}

export async function loadInvoiceInfo(request: Request) {
  const user = await requirePage(request);
  const title = await pay<Row | null>(user, "/invoice-title", undefined, "GET");
  return pageData(request, user, { title });
}

const TITLE_FIELDS = ["taxTitle", "taxNo", "taxAddress", "taxPhone", "taxBankName", "taxBankAccount", "receiveName", "receiveMobile", "receiveAddress", "receiveEmail"] as const;

export function invoiceInfoAction(request: Request) {
  return perform(request, async (user, form) => {
    await user.call({ path: "/pay/invoice-title", method: "PUT", body: Object.fromEntries(TITLE_FIELDS.map((k) => [k, text(form, k)])) });
    return "开票信息已保存";
  });
}
