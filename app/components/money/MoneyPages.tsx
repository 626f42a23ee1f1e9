/** The money pages: 账户管理 (own account) and the ledger's 财务管理 lists, built from MoneyKit. */
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ENTRY_TYPE_LABELS, RECHARGE_STATUS_LABELS, WITHDRAW_STATUS_LABELS, ACCOUNT_TYPE_LABELS } from "../../../contract/ledger";
import { fenToYuan } from "~/lib/format";
import { Permission } from "~/components/ui/Permission";
import { DocumentThumb, DocumentUpload } from "~/components/ui/DocumentUpload";
import { ConfirmDialog, ConfirmLink, Field, FilterBar, MoneyFrame, MoneyTable, Pager, yuanSums, type Column, type Filter, type Row } from "./MoneyKit";
import type { Paged } from "~/services/pages/money.server";

interface ListData {
  page: Paged;
  notice: string | null;
  requestNo: string;
  confirm: string;
  selected: number[];
}

const ACCOUNT_STATUS = { ACTIVE: "正常", FROZEN: "冻结", CLOSED: "注销" } as const;
const PAYMENT_STATUS = { SUCCESS: "支付成功", PENDING_AUDIT: "待审核", REJECTED: "已驳回" } as const;
const PAYMENT_ITEM_STATUS = { SUCCESS: "已支付", PENDING: "待支付", RELEASED: "已退回" } as const;
const WAY = { ROAD: "陆运", WATER: "水运" } as const;

/** A list page: filters, the table with its row actions, the pager with its footer sums, and any dialogs. */
function ListPage({
  title,
  filters,
  testId,
  columns,
  sums = [],
  actions,
  children,
}: {
  title: string;
  filters: Filter[];
  testId: string;
  columns: Column[];
  sums?: Array<[string, string]>;
  actions?: (row: Row) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const { page, notice } = useLoaderData<ListData>();
  return (
    <MoneyFrame title={title} notice={notice}>
      <FilterBar filters={filters} />
      <div className="card space-y-3">
        <MoneyTable testId={testId} rows={page.records} columns={columns} actions={actions} />
        <Pager page={page} sums={yuanSums(page.sums, sums)} />
      </div>
      {children}
    </MoneyFrame>
  );
}

const ENTRY_COLUMNS: Column[] = [
  { key: "createdAt", label: "时间", kind: "time" },
  { key: "txnNo", label: "交易流水号" },
  { key: "entryType", label: "流水类型", labels: ENTRY_TYPE_LABELS },
  { key: "income", label: "收入(元)", render: (r) => (Number(r.amount) > 0 ? fenToYuan(Number(r.amount)) : "") },
  { key: "expense", label: "支出(元)", render: (r) => (Number(r.amount) < 0 ? fenToYuan(-Number(r.amount)) : "") },
  { key: "frozenDelta", label: "冻结变动(元)", kind: "signedFen" },
  { key: "balanceAfter", label: "余额(元)", kind: "fen" },
  { key: "summary", label: "摘要" },
  { key: "bizNo", label: "业务单号" },
  { key: "counterpartyName", label: "对方户名" },
];

export function ExpendDetailPage() {
  const { entry, lines, payment, notice } = useLoaderData<{ entry: Row; lines: Row[]; payment: Row | null; notice: string | null }>();
  const item = (label: string, value: React.ReactNode) => (
    <div key={label} className="flex gap-2 text-sm">
      <dt className="w-24 shrink-0 text-gray-500">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <MoneyFrame
      title="流水详情"
      notice={notice}
      toolbar={
        <Link to="/accountManage/expend" className="btn">
          返回账户流水
        </Link>
      }
    >
      <section className="card">
        <dl className="grid gap-2 md:grid-cols-2" data-testid="entry-detail">
          {item("交易流水号", String(entry.txnNo))}
          {item("流水类型", ENTRY_TYPE_LABELS[entry.entryType as keyof typeof ENTRY_TYPE_LABELS] ?? String(entry.entryType))}
          {item("发生额(元)", `${Number(entry.amount) > 0 ? "+" : ""}${fenToYuan(Number(entry.amount))}`)}
          {item("变动后余额(元)", fenToYuan(Number(entry.balanceAfter)))}
          {item("账户", `${String(entry.accountName)} ${String(entry.accountNo)}`)}
          {item("摘要", String(entry.summary))}
          {item("业务单号", String(entry.bizNo))}
          {item("操作人", String(entry.operatorName))}
        </dl>
      </section>
      <section className="card space-y-2">
        <h2 className="font-semibold">交易分录</h2>
        <MoneyTable
          testId="entry-lines"
          rows={lines}
          columns={[
            { key: "accountName", label: "账户" },
            { key: "entryType", label: "类型", labels: ENTRY_TYPE_LABELS },
            { key: "amount", label: "发生额(元)", kind: "signedFen" },
          ]}
        />
      </section>
      {payment ? (
        <section className="card">
          <h2 className="mb-2 font-semibold">关联运费支付</h2>
          <dl className="grid gap-2 md:grid-cols-2">
            {item("支付单号", String(payment.paymentNo))}
            {item("运单号", String(payment.freightNo))}
            {item("收款人", String(payment.payeeName))}
            {item("货主应付(元)", fenToYuan(Number(payment.shipperPayable)))}
            {item("实付收款人(元)", fenToYuan(Number(payment.netToPayee)))}
            {item("服务费(元)", fenToYuan(Number(payment.serviceFee)))}
            {item("留存税费(元)", fenToYuan(Number(payment.taxReserve)))}
          </dl>
        </section>
      ) : null}
    </MoneyFrame>
  );
}

function AccountCards({ account }: { account: Row }) {
  const card = (label: string, value: string, testId: string) => (
    <div className="card" key={label}>
      <div className="text-sm text-gray-500">{label}</div>
      <div className="mt-1 text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  );
  return (
    <div className="grid gap-3 md:grid-cols-3">
      {card("账户余额(元)", fenToYuan(Number(account.balance)), "account-balance")}
      {card("冻结金额(元)", fenToYuan(Number(account.frozen)), "account-frozen")}
      {card("可用余额(元)", fenToYuan(Number(account.available)), "account-available")}
      <div className="card text-sm md:col-span-3">
        账号 <span className="font-mono">{String(account.accountNo)}</span> · 户名 {String(account.accountName)} · {ACCOUNT_TYPE_LABELS[account.accountType as keyof typeof ACCOUNT_TYPE_LABELS]} · 状态{" "}
        {ACCOUNT_STATUS[account.status as keyof typeof ACCOUNT_STATUS] ?? String(account.status)}
      </div>
    </div>
  );
}

const WITHDRAW_COLUMNS: Column[] = [
  { key: "withdrawNo", label: "提现单号" },
  { key: "amount", label: "提现金额(元)", kind: "fen" },
  { key: "card", label: "收款卡", render: (r) => `${String(r.cardBank)} ****${String(r.cardLast4)}` },
  { key: "status", label: "状态", labels: WITHDRAW_STATUS_LABELS },
  { key: "createdAt", label: "申请时间", kind: "time" },
  { key: "finishedAt", label: "完成时间", kind: "time" },
  { key: "reason", label: "失败/驳回原因", render: (r) => String(r.failReason ?? r.auditRemark ?? "—") },
];

export function AccountInfoPage() {
  const { account, cards, page, notice, requestNo, confirm } = useLoaderData<{ account: Row; cards: Row[]; page: Paged; notice: string | null; requestNo: string; confirm: string }>();
  return (
    <MoneyFrame title="账户信息" notice={notice}>
      <AccountCards account={account} />
      <section className="card space-y-3">
        <h2 className="font-semibold">银行卡</h2>
        <MoneyTable
          testId="card-table"
          rows={cards}
          columns={[
            { key: "holderName", label: "开户名" },
            { key: "bankName", label: "开户银行" },
            { key: "cardNoLast4", label: "卡号", render: (r) => `**** **** **** ${String(r.cardNoLast4)}` },
            { key: "verifyStatus", label: "验证状态", labels: { VERIFIED: "已验证", UNVERIFIED: "未验证", FAILED: "验证失败" } },
            { key: "isDefault", label: "默认卡", render: (r) => (Number(r.isDefault) ? "是" : "否") },
          ]}
          actions={(r) => (
            <ConfirmLink intent="unbindCard" id={r.id} danger>
              解绑
            </ConfirmLink>
          )}
        />
        <Form method="post" className="grid gap-3 md:grid-cols-3" aria-label="绑定银行卡">
          <input type="hidden" name="intent" value="bindCard" />
          <Field label="开户名" name="holderName" required defaultValue={String(account.accountName)} maxLength={128} />
          <Field label="银行卡号" name="cardNo" required maxLength={40} />
          <Field label="开户银行" name="bankName" required maxLength={64} />
          <Field label="开户网点" name="bankBranch" maxLength={64} />
          <Field label="预留手机号" name="reservedMobile" maxLength={11} />
          <div className="flex items-end">
            <button type="submit" className="btn">
              绑定银行卡
            </button>
          </div>
        </Form>
      </section>
      <section className="card space-y-3">
        <h2 className="font-semibold">申请提现</h2>
        <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="申请提现">
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="requestNo" value={requestNo} />
          <label className="flex flex-col gap-1 text-sm">
            <span>
              <span className="text-red-500">* </span>收款卡
            </span>
            <select name="bankCardId" required className="input">
              {cards.map((c) => (
                <option key={String(c.id)} value={String(c.id)}>{`${String(c.bankName)} ****${String(c.cardNoLast4)}`}</option>
              ))}
            </select>
          </label>
          <Field label={`提现金额(元，可用 ${fenToYuan(Number(account.available))})`} name="amount" required type="number" />
          <button type="submit" className="btn btn-primary" disabled={cards.length === 0}>
            申请提现
          </button>
        </Form>
        {cards.length === 0 ? (
          <p className="text-sm text-gray-500">请先绑定银行卡</p>
        ) : (
          <p className="text-sm text-gray-500">手续费 0.00 元，到账金额等于提现金额；提交后金额冻结，平台审核打款后到账。</p>
        )}
      </section>
      <section className="card space-y-3">
        <h2 className="font-semibold">我的提现</h2>
        <MoneyTable
          testId="my-withdrawals"
          rows={page.records}
          columns={WITHDRAW_COLUMNS}
          actions={(r) =>
            r.status === "APPLIED" ? (
              <ConfirmLink intent="cancel" id={r.id} danger>
                撤销
              </ConfirmLink>
            ) : null
          }
        />
        <Pager page={page} />
      </section>
      <ConfirmDialog confirm={confirm} intent="unbindCard" title="解绑银行卡" submitLabel="确认解绑" danger>
        确定解绑这张银行卡吗？
      </ConfirmDialog>
      <ConfirmDialog confirm={confirm} intent="cancel" title="撤销提现" submitLabel="确认撤销" danger>
        撤销后冻结的金额将退回可用余额。
      </ConfirmDialog>
    </MoneyFrame>
  );
}

export function RechargePage() {
  const { account, page, notice, requestNo, confirm } = useLoaderData<{ account: Row; page: Paged; notice: string | null; requestNo: string; confirm: string }>();
  return (
    <MoneyFrame title="账户充值" notice={notice}>
      <AccountCards account={account} />
      <section className="card space-y-3">
        <h2 className="font-semibold">平台收款账户</h2>
        <p className="text-sm">户名：安徽皖粮网络货运有限公司 · 账号：3400 1626 8080 5250 0088 · 开户行：中国农业银行合肥分行营业部</p>
        <p className="alert-info">转账时请使用企业对公账户，付款户名须与企业名称一致；到账后由平台财务确认入账。</p>
        <Form method="post" encType="multipart/form-data" className="grid gap-3 md:grid-cols-3" aria-label="充值申请">
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="requestNo" value={requestNo} />
          <Field label="充值金额(元)" name="amount" required type="number" />
          <Field label="付款户名" name="payerName" required defaultValue={String(account.accountName)} maxLength={128} />
          <Field label="付款账号" name="payerAccountNo" required maxLength={32} />
          <Field label="付款银行" name="payerBank" required maxLength={64} />
          <Field label="银行流水号" name="bankSerialNo" required maxLength={64} />
          <Field label="转账时间" name="transferTime" required type="datetime-local" />
          <DocumentUpload name="voucherUrl" id="recharge-voucher" label="转账凭证" kind="RECHARGE_VOUCHER" defaultRefs={[]} max={1} required />
          <div className="flex items-end">
            <button type="submit" className="btn btn-primary">
              提交充值申请
            </button>
          </div>
        </Form>
      </section>
      <section className="card space-y-3">
        <h2 className="font-semibold">我的充值</h2>
        <MoneyTable
          testId="recharge-table"
          rows={page.records}
          columns={[
            { key: "rechargeNo", label: "充值单号" },
            { key: "amount", label: "金额(元)", kind: "fen" },
            { key: "method", label: "方式", labels: { BANK_TRANSFER: "线下转账", ONLINE: "在线支付" } },
            { key: "bankSerialNo", label: "银行流水号" },
            { key: "transferTime", label: "转账时间", kind: "time" },
            { key: "voucherUrl", label: "转账凭证", render: (r) => (r.voucherUrl ? <DocumentThumb href={String(r.voucherUrl)} label={`转账凭证 ${String(r.rechargeNo)}`} /> : "") },
            { key: "status", label: "状态", labels: RECHARGE_STATUS_LABELS },
            { key: "rejectReason", label: "驳回原因" },
            { key: "createdAt", label: "提交时间", kind: "time" },
          ]}
          actions={(r) =>
            r.status === "PENDING" ? (
              <ConfirmLink intent="cancel" id={r.id} danger>
                撤销
              </ConfirmLink>
            ) : null
          }
        />
        <Pager page={page} />
      </section>
      <ConfirmDialog confirm={confirm} intent="cancel" title="撤销充值申请" submitLabel="确认撤销" danger>
        确定撤销这笔充值申请吗？
      </ConfirmDialog>
    </MoneyFrame>
  );
}

export function DriverPayablePage() {
  return (
    <ListPage
      title="司机应付列表"
      filters={[{ name: "keyword", label: "姓名/手机" }]}
      testId="payee-table"
      columns={[
        { key: "payeeName", label: "收款人" },
        { key: "mobile", label: "手机号" },
        { key: "registered", label: "已注册钱包", render: (r) => (r.payeeUserId ? "是" : "否") },
        { key: "waybillCount", label: "运单数" },
        { key: "netToPayee", label: "应付金额(元)", kind: "fen" },
        { key: "earliestSettledAt", label: "最早核算日期", kind: "time" },
        { key: "cardCount", label: "已绑卡", render: (r) => (Number(r.cardCount) > 0 ? "是" : "否") },
      ]}
      sums={[["netToPayee", "应付金额"]]}
      actions={(r) => (
        <Link className="btn-link" to={`/financialManage/pendingPaymentList?keyword=${encodeURIComponent(String(r.payeeName))}`}>
          明细
        </Link>
      )}
    />
  );
}

/** 支付详情: the payment, its waybills, its 操作记录, and 审核通过 / 驳回 when the platform allows them (plain forms). */
export function PaymentDetailPage() {
  const { payment, items, events, actions, notice } = useLoaderData<{ payment: Row; items: Row[]; events: Row[]; actions: string[]; notice: string | null }>();
  const facts: Array<[string, React.ReactNode]> = [
    ["支付单号", String(payment.paymentNo)],
    ["企业", String(payment.orgName ?? "")],
    ["运输方式", WAY[String(payment.freightWay) as keyof typeof WAY] ?? String(payment.freightWay)],
    ["状态", PAYMENT_STATUS[String(payment.status) as keyof typeof PAYMENT_STATUS] ?? String(payment.status)],
    ["运单数", String(payment.itemCount)],
    ["货主应付(元)", fenToYuan(Number(payment.totalShipperPayable))],
    ["实付收款人(元)", fenToYuan(Number(payment.totalNetToPayee))],
    ["服务费(元)", fenToYuan(Number(payment.totalServiceFee))],
    ["留存税费(元)", fenToYuan(Number(payment.totalTaxReserve))],
    ["提交人", String(payment.submittedName ?? "")],
    ["审核人", String(payment.auditedName ?? "")],
    ["驳回原因", String(payment.auditRemark ?? "")],
  ];
  return (
    <MoneyFrame title={`支付详情 ${String(payment.paymentNo)}`} notice={notice} toolbar={<Link className="btn" to="/financialManage/paymentList">返回支付列表</Link>}>
      <div className="card">
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3" data-testid="payment-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="text-gray-500">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
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
              <Field label="驳回原因" name="reason" required maxLength={200} />
              <button type="submit" className="btn btn-danger">驳回</button>
            </Form>
          ) : null}
        </div>
      ) : null}
      <div className="card space-y-2">
        <h2 className="font-semibold">支付运单</h2>
        <MoneyTable
          testId="payment-items"
          rows={items}
          columns={[
            { key: "seq", label: "序号" },
            { key: "freightNo", label: "运单号" },
            { key: "payeeName", label: "收款人" },
            { key: "shipperPayable", label: "货主应付(元)", kind: "fen" },
            { key: "netToPayee", label: "实付收款人(元)", kind: "fen" },
            { key: "serviceFee", label: "服务费(元)", kind: "fen" },
            { key: "taxReserve", label: "留存税费(元)", kind: "fen" },
            { key: "status", label: "状态", labels: PAYMENT_ITEM_STATUS },
            { key: "txnNo", label: "交易流水号" },
            { key: "paidAt", label: "支付时间", kind: "time" },
          ]}
        />
      </div>
      <div className="card space-y-2">
        <h2 className="font-semibold">操作记录</h2>
        <MoneyTable
          testId="payment-events"
          rows={events}
          columns={[
            { key: "createdAt", label: "时间", kind: "time" },
            { key: "label", label: "操作" },
            { key: "toStatus", label: "状态", labels: PAYMENT_STATUS },
            { key: "operatorName", label: "操作人" },
            { key: "remark", label: "备注" },
          ]}
        />
      </div>
    </MoneyFrame>
  );
}

export function EnterpriseBalancePage() {
  const { recharges, confirm } = useLoaderData<ListData & { recharges: Paged }>();
  return (
    <ListPage
      title="企业余额"
      filters={[
        { name: "keyword", label: "企业" },
        { name: "minYuan", label: "余额下限(元)" },
        { name: "maxYuan", label: "余额上限(元)" },
      ]}
      testId="balance-table"
      columns={[
        { key: "accountName", label: "企业" },
        { key: "accountNo", label: "账号" },
        { key: "balance", label: "余额(元)", kind: "fen" },
        { key: "frozen", label: "冻结(元)", kind: "fen" },
        { key: "available", label: "可用(元)", kind: "fen" },
        { key: "status", label: "状态", labels: ACCOUNT_STATUS },
        { key: "updatedAt", label: "最近变动时间", kind: "time" },
      ]}
      sums={[
        ["balance", "余额"],
        ["frozen", "冻结"],
      ]}
      actions={(r) => (
        <Link className="btn-link" to={`/financialManage/enterpriseBalanceDetail?id=${String(r.id)}`}>
          明细
        </Link>
      )}
    >
      <section className="card space-y-3">
        <h2 className="font-semibold">待确认充值</h2>
        <MoneyTable
          testId="pending-recharges"
          rows={recharges.records}
          columns={[
            { key: "rechargeNo", label: "充值单号" },
            { key: "orgName", label: "企业" },
            { key: "amount", label: "金额(元)", kind: "fen" },
            { key: "payerName", label: "付款户名" },
            { key: "payerBank", label: "付款银行" },
            { key: "bankSerialNo", label: "银行流水号" },
            { key: "transferTime", label: "转账时间", kind: "time" },
            {
              key: "voucherUrl",
              label: "转账凭证",
              render: (r) => <DocumentThumb href={String(r.voucherUrl)} label={`转账凭证 ${String(r.rechargeNo)}`} />,
            },
          ]}
          actions={(r) => (
            <Permission roles={["PAY_RECHARGE_AUDIT"]}>
              <span className="flex gap-2">
                <ConfirmLink intent="confirm" id={r.id}>
                  确认到账
                </ConfirmLink>
                <ConfirmLink intent="reject" id={r.id} danger>
                  驳回
                </ConfirmLink>
              </span>
            </Permission>
          )}
        />
      </section>
      <ConfirmDialog confirm={confirm} intent="confirm" title="确认充值到账" submitLabel="确认到账">
        请核对银行流水后确认，确认后金额记入企业账户。
      </ConfirmDialog>
      <ConfirmDialog confirm={confirm} intent="reject" title="驳回充值" submitLabel="驳回" danger>
        <Field label="驳回原因" name="reason" required maxLength={200} />
      </ConfirmDialog>
    </ListPage>
  );
}

export function BalanceDetailPage() {
  const { account, check, page, notice } = useLoaderData<{ account: Row; check: Row; page: Paged; notice: string | null }>();
  return (
    <MoneyFrame
      title="企业余额明细"
      notice={notice}
      toolbar={
        <Link to="/financialManage/enterpriseBalance" className="btn">
          返回企业余额
        </Link>
      }
    >
      <AccountCards account={account} />
      <p className={check.matches ? "alert-success" : "alert-error"} data-testid="balance-check">
        核对：流水合计 {fenToYuan(Number(check.entriesBalance))} 元，冻结合计 {fenToYuan(Number(check.entriesFrozen))} 元 —— {check.matches ? "与账户余额一致" : "与账户余额不一致，请处理对账差异"}
      </p>
      <div className="card space-y-3">
        <MoneyTable testId="entry-table" rows={page.records} columns={ENTRY_COLUMNS} />
        <Pager page={page} />
      </div>
    </MoneyFrame>
  );
}

export function WaybillTrackingPage() {
  return (
    <ListPage
      title="运单跟踪"
      filters={[
        { name: "keyword", label: "运单号/订单号" },
        { name: "status", label: "付款状态", options: { UNSETTLED: "未核算", UNPAID: "未付款", PAID: "已付款" } },
      ]}
      testId="tracking-table"
      columns={[
        { key: "freightNo", label: "运单号" },
        { key: "orderNo", label: "订单号" },
        { key: "shipperName", label: "托运人" },
        { key: "carrierName", label: "司机/船长" },
        { key: "freightWay", label: "运输方式", labels: WAY },
        {
          key: "freightStatus",
          label: "运单状态",
          labels: { WAIT_LOADING: "待装货", IN_TRANSIT: "运输中", UNLOADED: "已卸货", SIGNED: "已签收", CONFIRMED: "已确认", COMPLETED: "已完成", CANCELLED: "已取消" },
        },
        { key: "settleStatus", label: "核算状态", labels: { SETTLED: "已核算", UNSETTLED: "未核算" } },
        { key: "payStatus", label: "付款状态", labels: { UNPAID: "未付款", PAID: "已付款" } },
        { key: "paymentNo", label: "支付单号" },
        { key: "invoiceStatus", label: "开票状态", labels: { NOT_INVOICED: "未开票", INVOICE_APPLIED: "已申请开票", INVOICED: "已开票" } },
        { key: "shipperPayable", label: "货主应付(元)", kind: "fen" },
        { key: "abnormal", label: "异常", render: (r) => (Number(r.abnormal) ? "异常" : "正常") },
        { key: "completeTime", label: "完成时间", kind: "time" },
        { key: "paidAt", label: "付款时间", kind: "time" },
      ]}
    />
  );
}

export function InvoiceInfoPage() {
  const { title, notice } = useLoaderData<{ title: Row | null; notice: string | null }>();
  const v = (key: string) => (title?.[key] == null ? "" : String(title[key]));
  return (
    <MoneyFrame title="开票信息" notice={notice}>
      <Form method="post" className="card grid gap-3 md:grid-cols-2" aria-label="开票信息" data-testid="invoice-info-form">
        <Field label="发票抬头" name="taxTitle" required defaultValue={v("taxTitle")} maxLength={128} />
        <Field label="纳税人识别号" name="taxNo" defaultValue={v("taxNo")} maxLength={20} />
        <Field label="注册地址" name="taxAddress" defaultValue={v("taxAddress")} maxLength={200} />
        <Field label="注册电话" name="taxPhone" defaultValue={v("taxPhone")} maxLength={32} />
        <Field label="开户行" name="taxBankName" defaultValue={v("taxBankName")} maxLength={64} />
        <Field label="银行账号" name="taxBankAccount" defaultValue={v("taxBankAccount")} maxLength={32} />
        <Field label="收票人" name="receiveName" defaultValue={v("receiveName")} maxLength={64} />
        <Field label="收票人电话" name="receiveMobile" defaultValue={v("receiveMobile")} maxLength={11} />
        <Field label="收票地址" name="receiveAddress" defaultValue={v("receiveAddress")} maxLength={200} />
        <Field label="收票邮箱" name="receiveEmail" type="email" defaultValue={v("receiveEmail")} maxLength={128} />
        <p className="text-sm text-gray-500 md:col-span-2">专票须填写完整的注册地址、电话、开户行和银行账号；电子发票发送到收票邮箱。</p>
        <div>
          <button type="submit" className="btn btn-primary">保存</button>
        </div>
      </Form>
    </MoneyFrame>
  );
}
