/**
 * 新开票列表: the invoiceable waybills of the caller's organisation (completed, paid, not invoiced) and
 * 申请开票 over the selected ones. The request number is generated when the page renders, so a double
 * submit creates one application; a refusal is shown on the page and changes nothing.
 */
import { formatMoney } from "../../../contract/numbers";
import { randomUUID } from "node:crypto";
import { json } from "@remix-run/node";
import { pageParams } from "~/lib/paging";
import { BILLING_DETAIL } from "~/pages/billing";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "~/services/page-data.server";
import { requirePage } from "~/services/user.server";
import type { Paged } from "./money.server";

const FILTERS = ["keyword", "shipperName", "reportState"] as const;

export async function loadInvoiceable(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const query: Record<string, string | number> = { ...pageParams(url) };
  for (const key of FILTERS) {
    const value = (url.searchParams.get(key) ?? "").trim();
    if (value) query[key] = value;
  }
  const [page, companies] = await Promise.all([
    user.call<Paged>({ path: "/pay-invoiceable/search", method: "POST", body: query }),
    user.call<Array<{ id: number; label: string }>>({ path: "/sys-invoice-company/options", method: "POST", body: {} }),
  ]);
  const { notice, headers } = await noticeAndHeaders(request, user);
  const selected = url.searchParams.getAll("freightId").map(Number).filter(Number.isSafeInteger);
  return json({ page, companies, notice, requestNo: randomUUID(), confirm: url.searchParams.get("confirm") ?? "", selected }, { headers });
}

const text = (form: FormData, key: string) => String(form.get(key) ?? "").trim();

export async function applyInvoiceAction(request: Request) {
  const user = await requirePage(request);
  const form = await request.formData();
  const freightIds = form.getAll("freightId").map(Number);
  if (freightIds.length === 0) return json({ error: "请先勾选要开票的运单" }, { status: 400 });
  const companyId = Number(text(form, "invoiceCompanyId"));
  if (!Number.isSafeInteger(companyId) || companyId <= 0) return json({ error: "请选择开票公司" }, { status: 400 });
  try {
    const created = await user.call<{ id: number; applicationNo: string; waybillCount: number; amountInclTax: number }>({
      path: "/pay-invoice-application",
      method: "POST",
      body: { requestNo: text(form, "requestNo"), freightIds, invoiceCompanyId: companyId, invoiceType: text(form, "invoiceType"), deliveryMethod: text(form, "deliveryMethod"), remark: text(form, "remark") || undefined },
    });
    return redirectWithNotice(user, `${BILLING_DETAIL}?id=${created.id}`, `开票申请 ${created.applicationNo} 已生成：${created.waybillCount} 个运单，价税合计 ${formatMoney(created.amountInclTax)}。核对后请提交审核`);
  } catch (error) {
    return json({ error: platformMessage(error) }, { status: 200 });
  }
}
