/**
 * The money pages that are not lists (账户信息, 账户充值, 支付详情, 流水详情, 开票信息, 企业余额明细's 核对),
 * built from the resource engine's pieces: tables of the definitions' records (`ResourceTable`), the
 * engine's column dialect for other rows (`FieldTable`, `FieldFacts`), the definitions' fields as
 * inputs (`FieldInput`), and `?confirm=` dialogs (the engine's for transitions, `IntentDialog` for a
 * page's own intent). Money moves only through the ledger's own endpoints (the loaders and actions in
 * app/services/pages/money.server.ts).
 */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ACCOUNT_TYPE_LABELS } from "../../../contract/ledger";
import { f, type Field } from "../../../contract/resources/kit";
import { bankCard, ledgerEntry, payment, recharge, withdrawal } from "../../../contract/resources/money";
import { fenToYuan } from "~/lib/format";
import { footerSums } from "~/lib/footer-sums";
import { columnsOf } from "~/pages/columns";
import { pageTitle } from "~/navigation";
import { pageTitleOf, type ListPage } from "~/pages/kit";
import { ownEntryPages, ownRechargeList, ownWithdrawalList } from "~/pages/money";
import { ConfirmDialog } from "~/components/resource/ConfirmDialog";
import { Descriptions } from "~/components/resource/ResourceDetailPage";
import { FieldFacts, FieldTable } from "~/components/resource/FieldTable";
import { FieldInput } from "~/components/resource/inputs";
import { IntentDialog } from "~/components/resource/IntentDialog";
import { ResourceTable, type Row } from "~/components/resource/ResourceTable";
import { PageFrame } from "~/components/ui/PageFrame";
import { Pagination } from "~/components/ui/Pagination";
import type { BalanceCheckData } from "~/services/pages/money.server";
import type { ResourcePageData } from "~/services/resources.server";
import { RequiredMark } from "~/components/ui/FieldParts";

type Rec = Record<string, unknown>;
type ActionData = { error?: string | null; fieldErrors?: Record<string, string[] | null> | null } | undefined;


const ACCOUNT_STATUS: Record<string, string> = { ACTIVE: "正常", FROZEN: "冻结", CLOSED: "注销" };

function AccountCards({ account }: { account: Rec }) {
  const card = (label: string, value: string, testId: string) => (
    <div className="card" key={label}>
      <div className="text-sm text-muted">{label}</div>
      <div className="mt-1 text-xl font-semibold tabular-nums" data-testid={testId}>{value}</div>
    </div>
  );
  return (
    <div className="grid gap-3 md:grid-cols-3">
      {card("账户余额(元)", fenToYuan(Number(account.balance)), "account-balance")}
      {card("冻结金额(元)", fenToYuan(Number(account.frozen)), "account-frozen")}
      {card("可用余额(元)", fenToYuan(Number(account.available)), "account-available")}
      <div className="card text-sm md:col-span-3">
        账号 <span className="font-mono">{String(account.accountNo)}</span> · 户名 {String(account.accountName)} · {ACCOUNT_TYPE_LABELS[account.accountType as keyof typeof ACCOUNT_TYPE_LABELS]} · 状态 {ACCOUNT_STATUS[String(account.status)] ?? String(account.status)}
      </div>
    </div>
  );
}

interface OwnListData {
  list: ResourcePageData;
  confirm: { action: string; record: Rec } | null;
  pageHref: string;
}

/** A bespoke page's own engine list (我的提现, 我的充值): its rows with the actions the platform allows, the pager, the transition's confirmation. */
function OwnList({ page, data, testId }: { page: ListPage; data: OwnListData; testId: string }) {
  const actionData = useActionData() as ActionData;
  const title = pageTitleOf(page, pageTitle);
  return (
    <section className="card space-y-3" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <div data-testid={testId}>
        <ResourceTable def={page.def} records={data.list.records as Row[]} columns={columnsOf(page.def, page.columns)} rowActions={page.rowActions} links={page.links} empty={`暂无${page.def.name}`} label={title} />
      </div>
      <Pagination total={data.list.total} current={data.list.current} size={data.list.size} sums={footerSums(data.list.sums)} />
      {data.confirm ? <ConfirmDialog def={page.def} record={data.confirm.record as unknown as Row & { version: number }} action={data.confirm.action} closeHref={data.pageHref} error={actionData?.error} fieldErrors={actionData?.fieldErrors} /> : null}
    </section>
  );
}

const required = <T,>(field: Field<T>): Field<T> => ({ ...field, required: true });
const CARD_NO = f.text("银行卡号", 40, { required: true });

export function AccountInfoPage() {
  const { account, cards, list, confirm, pageHref, unbind, notice, requestNo } = useLoaderData<OwnListData & { account: Rec; cards: Row[]; unbind: string | null; notice: string | null; requestNo: string }>();
  return (
    <PageFrame title="账户信息" notice={notice}>
      <AccountCards account={account} />
      <section className="card space-y-3" aria-label="银行卡">
        <h2 className="font-semibold">银行卡</h2>
        <div data-testid="card-table">
          <ResourceTable def={bankCard} records={cards} columns={columnsOf(bankCard, ["holderName", "bankName", "cardNoLast4", "verifyStatus", "isDefault"])} rowActions={["unbind"]} links={{ labels: { unbind: "解绑" } }} empty="暂无银行卡" label="银行卡" />
        </div>
        <Form method="post" className="grid gap-3 md:grid-cols-3" aria-label="绑定银行卡">
          <input type="hidden" name="intent" value="bindCard" />
          <FieldInput name="holderName" id="card-holderName" field={required(bankCard.fields.holderName)} defaultValue={String(account.accountName ?? "")} />
          <FieldInput name="cardNo" id="card-cardNo" field={CARD_NO} defaultValue="" />
          <FieldInput name="bankName" id="card-bankName" field={required(bankCard.fields.bankName)} defaultValue="" />
          <FieldInput name="bankBranch" id="card-bankBranch" field={bankCard.fields.bankBranch} defaultValue="" />
          <FieldInput name="reservedMobile" id="card-reservedMobile" field={bankCard.fields.reservedMobile} defaultValue="" />
          <div className="flex items-end">
            <button type="submit" className="btn">绑定银行卡</button>
          </div>
        </Form>
      </section>
      <section className="card space-y-3" aria-label="申请提现">
        <h2 className="font-semibold">申请提现</h2>
        <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="申请提现">
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="requestNo" value={requestNo} />
          <div className="min-w-0">
            <label htmlFor="withdraw-card" className="mb-1 block text-sm text-gray-600">收款卡<RequiredMark /></label>
            <select id="withdraw-card" name="bankCardId" required className="input">
              {cards.map((c) => (
                <option key={c.id} value={c.id}>{`${String(c.bankName)} ****${String(c.cardNoLast4)}`}</option>
              ))}
            </select>
          </div>
          <FieldInput name="amount" id="withdraw-amount" field={{ ...required(withdrawal.fields.amount), hint: `可用 ${fenToYuan(Number(account.available))} 元` }} defaultValue="" />
          <button type="submit" className="btn btn-primary" disabled={cards.length === 0}>申请提现</button>
        </Form>
        <p className="text-sm text-muted">{cards.length === 0 ? "请先绑定银行卡" : "手续费 0.00 元，到账金额等于提现金额；提交后金额冻结，平台审核打款后到账。"}</p>
      </section>
      <OwnList page={ownWithdrawalList} data={{ list, confirm, pageHref }} testId="my-withdrawals" />
      <IntentDialog confirm={unbind ? `unbind:${unbind}` : ""} intent="unbind" title="解绑银行卡" submitLabel="确认解绑" danger>
        确定解绑这张银行卡吗？
      </IntentDialog>
    </PageFrame>
  );
}

/** The fields of a recharge request, as the 充值单 defines them (all required on the form). */
const RECHARGE_FORM = (["amount", "payerName", "payerAccountNo", "payerBank", "bankSerialNo", "transferTime", "voucherUrl"] as const).map((key) => [key, { ...required(recharge.fields[key] as Field), ...(key === "amount" ? { label: "充值金额(元)" } : {}) }] as const);

export function RechargePage() {
  const { account, recharges, list, confirm, pageHref, notice, requestNo } = useLoaderData<OwnListData & { account: Rec; recharges: boolean; notice: string | null; requestNo: string }>();
  return (
    <PageFrame title="账户充值" notice={notice}>
      <AccountCards account={account} />
      {recharges ? (
        <>
          <section className="card space-y-3" aria-label="平台收款账户">
            <h2 className="font-semibold">平台收款账户</h2>
            <p className="text-sm">户名：安徽皖粮网络货运有限公司 · 账号：3400 1626 8080 5250 0088 · 开户行：中国农业银行合肥分行营业部</p>
            <p className="alert-info">转账时请使用企业对公账户，付款户名须与企业名称一致；到账后由平台财务确认入账。</p>
            <Form method="post" encType="multipart/form-data" className="grid gap-3 md:grid-cols-3" aria-label="充值申请">
              <input type="hidden" name="intent" value="submit" />
              <input type="hidden" name="requestNo" value={requestNo} />
              {RECHARGE_FORM.map(([key, field]) => (
                <FieldInput key={key} name={key} id={`recharge-${key}`} field={field} defaultValue={key === "payerName" ? String(account.accountName ?? "") : ""} />
              ))}
              <div className="flex items-end">
                <button type="submit" className="btn btn-primary">提交充值申请</button>
              </div>
            </Form>
          </section>
          <OwnList page={ownRechargeList} data={{ list, confirm, pageHref }} testId="recharge-table" />
        </>
      ) : (
        <section className="card space-y-2" aria-label="个人账户">
          <h2 className="font-semibold">个人钱包不需充值</h2>
          <p className="text-sm text-gray-600">充值只面向企业账户（对公转账，平台财务确认后入账）。您的钱包由托运企业支付的运费和平台发放的红包入账，余额可在「账户信息」中提现到绑定的银行卡。</p>
          <Link to="/accountManage/accountInfo" className="btn">前往账户信息</Link>
        </section>
      )}
      {recharges ? null : <OwnList page={ownEntryPages.list!} data={{ list, confirm, pageHref }} testId="wallet-entries" />}
    </PageFrame>
  );
}

/** 企业余额明细's 核对 (Σ entries against the cached balance) and the way to every entry of the account. */
export function BalanceCheck({ check, orgId }: { check: BalanceCheckData; orgId: number | null }) {
  return (
    <section className="card space-y-2" aria-label="核对">
      <p className={check.matches ? "alert-success" : "alert-error"} data-testid="balance-check">
        核对：流水合计 {fenToYuan(check.entriesBalance)} 元，冻结合计 {fenToYuan(check.entriesFrozen)} 元 —— {check.matches ? "与账户余额一致" : "与账户余额不一致，请处理对账差异"}
      </p>
      {orgId ? <Link className="btn-link" to={`/financialManage/enterpriseFlow?orgId=${orgId}`}>查看该企业的全部流水</Link> : null}
    </section>
  );
}

const PAYMENT_STATE = f.enumOf("状态", payment.status!.states);
const ITEM_COLUMNS = [
  ["seq", f.int("序号", 1, 200)],
  ["freightNo", f.text("运单号", 32)],
  ["payeeName", f.text("收款人", 64)],
  ["shipperPayable", payment.fields.totalShipperPayable],
  ["netToPayee", payment.fields.totalNetToPayee],
  ["serviceFee", payment.fields.totalServiceFee],
  ["taxReserve", payment.fields.totalTaxReserve],
  ["status", f.enumOf("状态", { SUCCESS: { label: "已支付", tone: "success" }, PENDING: { label: "待支付", tone: "warning" }, RELEASED: { label: "已退回" } })],
  ["txnNo", f.text("交易流水号", 32)],
  ["paidAt", f.datetime("支付时间")],
] as const;
const EVENT_COLUMNS = [
  ["createdAt", f.datetime("时间")],
  ["label", f.text("操作", 32)],
  ["toStatus", PAYMENT_STATE],
  ["operatorName", f.text("操作人", 64)],
  ["remark", f.text("备注", 200)],
] as const;
const REJECT_REASON = f.text("驳回原因", 200, { required: true });

/** 支付详情: the payment, its waybills, its 操作记录, and 审核通过 / 驳回 when the platform allows them (plain forms). */
export function PaymentDetailPage() {
  const { payment: record, items, events, actions, notice } = useLoaderData<{ payment: Rec; items: Rec[]; events: Rec[]; actions: string[]; notice: string | null }>();
  return (
    <PageFrame title={`支付详情 ${String(record.paymentNo)}`} notice={notice} toolbar={<Link className="btn" to="/financialManage/paymentList">返回支付列表</Link>}>
      <div className="space-y-3" data-testid="payment-facts">
        <div className="card">
          <FieldFacts columns={[["orgName", f.text("企业", 128)], ["status", PAYMENT_STATE]]} record={record} />
        </div>
        <Descriptions def={payment} record={record} />
      </div>
      {actions.length ? (
        <div className="card flex flex-wrap items-end gap-4" data-testid="payment-audit">
          {actions.includes("approve") ? (
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <button type="submit" className="btn btn-primary">审核通过并支付</button>
            </Form>
          ) : null}
          {actions.includes("reject") ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="reject" />
              <FieldInput name="reason" id="payment-reject-reason" field={REJECT_REASON} defaultValue="" />
              <button type="submit" className="btn btn-danger">驳回</button>
            </Form>
          ) : null}
        </div>
      ) : null}
      <section className="card space-y-2" aria-label="支付运单">
        <h2 className="font-semibold">支付运单</h2>
        <FieldTable label="支付运单" testId="payment-items" columns={ITEM_COLUMNS} records={items} />
      </section>
      <section className="card space-y-2" aria-label="操作记录">
        <h2 className="font-semibold">操作记录</h2>
        <FieldTable label="操作记录" testId="payment-events" columns={EVENT_COLUMNS} records={events} />
      </section>
    </PageFrame>
  );
}

/** An entry's amount with its sign (+ income, − expense). */
const SIGNED_AMOUNT = { ...ledgerEntry.fields.frozenDelta, label: "发生额(元)" };
const ENTRY_FACTS = [
  ["txnNo", f.text("交易流水号", 32)],
  ["entryType", ledgerEntry.fields.entryType],
  ["amount", SIGNED_AMOUNT],
  ["balanceAfter", { ...ledgerEntry.fields.balanceAfter, label: "变动后余额(元)" }],
  ["account", f.text("账户", 128)],
  ["summary", ledgerEntry.fields.summary],
  ["bizNo", ledgerEntry.fields.bizNo],
  ["operatorName", f.text("操作人", 64)],
] as const;
const LINE_COLUMNS = [
  ["accountName", f.text("账户", 128)],
  ["entryType", { ...ledgerEntry.fields.entryType, label: "类型" }],
  ["amount", SIGNED_AMOUNT],
] as const;
const PAYMENT_FACTS = [
  ["paymentNo", payment.fields.paymentNo],
  ["freightNo", f.text("运单号", 32)],
  ["payeeName", f.text("收款人", 64)],
  ["shipperPayable", payment.fields.totalShipperPayable],
  ["netToPayee", payment.fields.totalNetToPayee],
  ["serviceFee", payment.fields.totalServiceFee],
  ["taxReserve", payment.fields.totalTaxReserve],
] as const;

/** 流水详情: the entry, its transaction's lines (other parties by name only) and the linked freight payment. */
export function ExpendDetailPage() {
  const { entry, lines, payment: paid, notice } = useLoaderData<{ entry: Rec; lines: Rec[]; payment: Rec | null; notice: string | null }>();
  return (
    <PageFrame title="流水详情" notice={notice} toolbar={<Link to="/accountManage/expend" className="btn">返回账户流水</Link>}>
      <section className="card" aria-label="流水">
        <FieldFacts testId="entry-detail" columns={ENTRY_FACTS} record={{ ...entry, account: `${String(entry.accountName)} ${String(entry.accountNo)}` }} />
      </section>
      <section className="card space-y-2" aria-label="交易分录">
        <h2 className="font-semibold">交易分录</h2>
        <FieldTable label="交易分录" testId="entry-lines" columns={LINE_COLUMNS} records={lines} />
      </section>
      {paid ? (
        <section className="card" aria-label="关联运费支付">
          <h2 className="mb-2 font-semibold">关联运费支付</h2>
          <FieldFacts columns={PAYMENT_FACTS} record={paid} />
        </section>
      ) : null}
    </PageFrame>
  );
}

/** 开票信息's fields: the organisation's (or the user's) invoice title. */
const TITLE_FIELDS = [
  ["taxTitle", f.text("发票抬头", 128, { required: true })],
  ["taxNo", f.text("纳税人识别号", 20)],
  ["taxAddress", f.text("注册地址", 200)],
  ["taxPhone", f.text("注册电话", 32)],
  ["taxBankName", f.text("开户行", 64)],
  ["taxBankAccount", f.text("银行账号", 32)],
  ["receiveName", f.text("收票人", 64)],
  ["receiveMobile", f.text("收票人电话", 11)],
  ["receiveAddress", f.text("收票地址", 200)],
  ["receiveEmail", f.text("收票邮箱", 128)],
] as const;

export function InvoiceInfoPage() {
  const { title, notice } = useLoaderData<{ title: Rec | null; notice: string | null }>();
  return (
    <PageFrame title="开票信息" notice={notice}>
      <Form method="post" className="card grid gap-3 md:grid-cols-2" aria-label="开票信息" data-testid="invoice-info-form">
        {TITLE_FIELDS.map(([key, field]) => (
          <FieldInput key={key} name={key} id={`title-${key}`} field={field} defaultValue={title?.[key] == null ? "" : String(title[key])} />
        ))}
        <p className="text-sm text-muted md:col-span-2">专票须填写完整的注册地址、电话、开户行和银行账号；电子发票发送到收票邮箱。</p>
        <div>
          <button type="submit" className="btn btn-primary">保存</button>
        </div>
      </Form>
    </PageFrame>
  );
}
