/** 陆运/水运待付款 on MoneyKit (to be moved to the engine's pick pages); the other money pages are in AccountPages.tsx and on the engine. */
import { useLoaderData } from "@remix-run/react";
import { fenToYuan } from "~/lib/format";
import { ConfirmDialog, FilterBar, MoneyFrame, Pager, WaybillPickForm, yuanSums } from "./MoneyKit";
import type { Paged } from "~/services/pages/money.server";

interface ListData {
  page: Paged;
  notice: string | null;
  requestNo: string;
  confirm: string;
  selected: number[];
}

/** 陆运/水运待付款: completed waybills' payable freight; select, see the count and amount, confirm. */
export function PendingPaymentPage({ way }: { way: "ROAD" | "WATER" }) {
  const { page, notice, requestNo, confirm, selected } = useLoaderData<ListData>();
  const chosen = page.records.filter((r) => selected.includes(Number(r.freightId)));
  const chosenSum = chosen.reduce((n, r) => n + Number(r.shipperPayable), 0);
  const carrier = way === "ROAD" ? "司机" : "船长";
  return (
    <MoneyFrame title={way === "ROAD" ? "陆运待付款" : "水运待付款"} notice={notice}>
      <FilterBar filters={[{ name: "keyword", label: `运单号/订单号/${carrier}/${way === "ROAD" ? "车牌" : "船名"}` }]} />
      <WaybillPickForm
        label="选择待付款运单"
        confirm="pay"
        permission="PAY_PAYMENT_MANAGEMENT"
        buttonLabel="支付选中运单"
        buttonTestId="pay-selected"
        hint="一次最多 200 个运单，全部成功或全部不付"
        tableTestId="payable-table"
        rows={page.records}
        selected={selected}
        columns={[
          { key: "freightNo", label: "运单号" },
          { key: "orderNo", label: "订单号" },
          { key: "shipperName", label: "托运人" },
          { key: "carrierName", label: carrier },
          { key: "conveyanceName", label: way === "ROAD" ? "车牌" : "船舶" },
          { key: "payeeName", label: "收款人", render: (r) => (r.payeeUserId ? String(r.payeeName) : `${String(r.payeeName)}（未注册）`) },
          { key: "carrierPayable", label: `${carrier}应收(元)`, kind: "fen" },
          { key: "serviceFee", label: "服务费(元)", kind: "fen" },
          { key: "taxReserve", label: "留存税费(元)", kind: "fen" },
          { key: "shipperPayable", label: "货主应付(元)", kind: "fen" },
          { key: "settledAt", label: "核算时间", kind: "time" },
        ]}
      />
      <div className="card">
        <Pager
          page={page}
          selectedCount={chosen.length}
          sums={yuanSums(page.sums, [
            ["shipperPayable", "货主应付"],
            ["netToPayee", `${carrier}应收`],
          ])}
        />
      </div>
      {confirm.startsWith("pay") ? (
        chosen.length === 0 ? (
          <ConfirmDialog confirm="pay:" intent="pay" title="支付运费" submitLabel="知道了">
            请先勾选要支付的运单。
          </ConfirmDialog>
        ) : (
          <ConfirmDialog confirm="pay:" intent="pay" title="确认支付运费" submitLabel="确认支付" hidden={{ requestNo, freightId: chosen.map((r) => String(r.freightId)) }}>
            <p data-testid="pay-summary">
              选中运单数 <strong>{chosen.length}</strong> 个，货主应付合计 <strong>{fenToYuan(chosenSum)}</strong> 元，将从企业账户扣款并付入收款人钱包。
            </p>
          </ConfirmDialog>
        )
      ) : null}
    </MoneyFrame>
  );
}
