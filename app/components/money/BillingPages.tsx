/** 新开票列表: pick completed, paid waybills of one shipper; see the count and amount; apply for the invoice. */
import { useLoaderData } from "@remix-run/react";
import { DELIVERY_METHODS, INVOICE_REPORT_STATES, INVOICE_TYPES } from "../../../contract/billing";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { ConfirmDialog, FilterBar, MoneyFrame, Pager, WaybillPickForm, yuanSums, type Row } from "./MoneyKit";
import type { Paged } from "~/services/pages/money.server";

/** Why a waybill may not be invoiced yet (开票须上报成功), or null. */
const reportBlock = (r: Row) => (r.reportBlock ? String(r.reportBlock) : null);
const labels = (options: Record<string, { label: string }>) => Object.entries(options).map(([value, { label }]) => ({ value, label }));

export function NewBillingPage() {
  const { page, companies, notice, requestNo, confirm, selected } = useLoaderData<{ page: Paged; companies: Array<{ id: number; label: string }>; notice: string | null; requestNo: string; confirm: string; selected: number[] }>();
  const chosen = page.records.filter((r) => selected.includes(Number(r.freightId)) && !reportBlock(r));
  const chosenSum = chosen.reduce((n, r) => n + Number(r.amount), 0);
  const shippers = new Set(chosen.map((r) => String(r.shipperName)));
  return (
    <MoneyFrame title="新开票列表" notice={notice}>
      <FilterBar filters={[{ name: "keyword", label: "运单号/订单号" }, { name: "shipperName", label: "托运人" }, { name: "reportState", label: "上报状态", options: INVOICE_REPORT_STATES }]} />
      <WaybillPickForm
        label="选择开票运单"
        confirm="apply"
        permission="TMS_INVOICE_APPLY"
        buttonLabel="申请开票"
        buttonTestId="apply-selected"
        hint="已完成且已付款的运单；一张申请只含同一托运人的运单；须电子运单和资金流水单上报成功（灰色的不可选，见“上报状态”）"
        tableTestId="invoiceable-table"
        rows={page.records}
        selected={selected}
        blockedReason={reportBlock}
        columns={[
          { key: "freightNo", label: "运单号" },
          { key: "orderNo", label: "订单号" },
          { key: "shipperName", label: "托运人" },
          { key: "cargoName", label: "货物" },
          { key: "route", label: "装货地 → 卸货地", render: (r: Row) => `${String(r.loadingPlace)} → ${String(r.unloadingPlace)}` },
          { key: "conveyanceName", label: "车牌/船名" },
          { key: "weight", label: "结算重量(吨)", render: (r: Row) => kgToTonnes(Number(r.weight)) },
          { key: "amount", label: "开票金额(元)", kind: "fen" },
          { key: "completeTime", label: "完成时间", kind: "time" },
          { key: "paidAt", label: "付款时间", kind: "time" },
          { key: "reportBlock", label: "上报状态", render: (r: Row) => (reportBlock(r) ? <span className="text-orange-600">未上报成功：{reportBlock(r)}</span> : <span className="text-green-700">已上报</span>) },
        ]}
      />
      <div className="card">
        <Pager page={page} selectedCount={chosen.length} sums={yuanSums(page.sums, [["invoiceAmount", "可开票金额"]])} />
      </div>
      {confirm.startsWith("apply") ? (
        chosen.length === 0 ? (
          <ConfirmDialog confirm="apply:" intent="none" title="申请开票" submitLabel="知道了">
            请先勾选要开票的运单。
          </ConfirmDialog>
        ) : (
          <ConfirmDialog confirm="apply:" intent="apply" title="申请开票" submitLabel="生成开票申请" hidden={{ requestNo, freightId: chosen.map((r) => String(r.freightId)) }}>
            <p data-testid="apply-summary">
              选中运单数 <strong>{chosen.length}</strong> 个，开票金额合计 <strong>{fenToYuan(chosenSum)}</strong> 元{shippers.size > 1 ? "（选中的运单属于多个托运人，须分开申请）" : ""}。
            </p>
            <Choice name="invoiceCompanyId" label="开票公司" options={companies.map((c) => ({ value: String(c.id), label: c.label }))} />
            <Choice name="invoiceType" label="发票类型" options={labels(INVOICE_TYPES)} />
            <Choice name="deliveryMethod" label="交付方式" options={labels(DELIVERY_METHODS)} />
            <label className="flex flex-col gap-1 text-sm">
              <span>补充备注</span>
              <input name="remark" maxLength={100} className="input" placeholder="可选，追加在发票备注之后" />
            </label>
          </ConfirmDialog>
        )
      ) : null}
    </MoneyFrame>
  );
}

function Choice({ name, label, options }: { name: string; label: string; options: Array<{ value: string; label: string }> }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span>
        <span className="text-red-500">* </span>
        {label}
      </span>
      <select name={name} required className="input" defaultValue={options[0]?.value}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
