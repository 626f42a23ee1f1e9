import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { WITHDRAW_STATUS_LABELS, type WithdrawStatus } from "../../../contract/ledger";
import { fenToYuan, formatDateTime } from "~/lib/format";
import type { ResourcePageData } from "~/services/resources.server";

type Row = Record<string, unknown>;

interface WalletData {
  account: Row;
  cards: Row[];
  list: ResourcePageData;
  notice: string | null;
  requestNo: string;
}

function Money({ label, fen, big = false, testId }: { label: string; fen: unknown; big?: boolean; testId: string }) {
  return (
    <div>
      <div className="text-sm text-gray-600">{label}</div>
      <div className={`${big ? "text-3xl" : "text-xl"} font-semibold tabular-nums`} data-testid={testId}>{fenToYuan(Number(fen))} 元</div>
    </div>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-base font-semibold">{label}</label>
      {hint ? <p className="text-sm text-gray-600">{hint}</p> : null}
      {children}
    </div>
  );
}

/**
 * 我的钱包 on his phone: what he may withdraw and what is frozen, 提现 to a bound card, his withdrawals
 * with their status, and binding a card. The loader and the action are 账户信息's (the same platform
 * calls and rules); this is his view of them.
 */
export function DriverWalletPage() {
  const { account, cards, list, notice, requestNo } = useLoaderData<WalletData>();
  const failed = useActionData<{ error?: string }>();
  return (
    <>
      <h1 className="text-xl font-semibold">我的钱包</h1>
      {notice ? <p className="alert-success text-base" role="status" data-testid="wallet-notice">{notice}</p> : null}
      {failed?.error ? <p className="alert-error text-base" role="alert" data-testid="wallet-error">{failed.error}</p> : null}
      <section className="space-y-3 rounded-lg bg-white p-4 shadow-sm" aria-label="余额">
        <Money label="可以提现" fen={account.available} big testId="wallet-available" />
        <div className="grid grid-cols-2 gap-3">
          <Money label="冻结中（提现审核中）" fen={account.frozen} testId="wallet-frozen" />
          <Money label="账户余额" fen={account.balance} testId="wallet-balance" />
        </div>
      </section>

      <section className="space-y-3 rounded-lg bg-white p-4 text-base shadow-sm" aria-labelledby="withdraw-title">
        <h2 id="withdraw-title" className="text-lg font-semibold">提现</h2>
        {cards.length ? (
          <Form method="post" className="space-y-3" aria-label="申请提现">
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="requestNo" value={requestNo} />
            <Field id="wallet-card" label="提到哪张卡">
              <select id="wallet-card" name="bankCardId" required className="driver-input mt-1">
                {cards.map((c) => (
                  <option key={String(c.id)} value={String(c.id)}>{`${String(c.bankName)} 尾号 ${String(c.cardNoLast4)}`}</option>
                ))}
              </select>
            </Field>
            <Field id="wallet-amount" label="提现金额（元）" hint={`最多 ${fenToYuan(Number(account.available))} 元；提交后这笔钱先冻结，平台审核打款后到账`}>
              <input id="wallet-amount" name="amount" type="text" inputMode="decimal" required autoComplete="off" className="driver-input mt-1" />
            </Field>
            <button type="submit" className="driver-button btn-primary">申请提现</button>
          </Form>
        ) : (
          <p className="text-gray-700">先在下面绑定一张银行卡，才能提现。</p>
        )}
      </section>

      <section className="rounded-lg bg-white shadow-sm" aria-labelledby="withdrawals-title">
        <h2 id="withdrawals-title" className="p-4 pb-2 text-lg font-semibold">我的提现</h2>
        {list.records.length ? (
          <ul className="divide-y divide-gray-100" data-testid="wallet-withdrawals">
            {list.records.map((w) => (
              <li key={String(w.id)} className="px-4 py-3 text-base" data-testid="wallet-withdrawal">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-xl font-semibold tabular-nums">{fenToYuan(Number(w.amount))} 元</span>
                  <span className="font-semibold">{WITHDRAW_STATUS_LABELS[w.status as WithdrawStatus] ?? String(w.status)}</span>
                </div>
                <p className="text-sm text-gray-600">
                  {String(w.cardBank ?? "")} 尾号 {String(w.cardLast4 ?? "")} · {formatDateTime(String(w.appliedAt ?? ""))}
                </p>
                {w.auditRemark ? <p className="text-sm text-red-700">驳回原因：{String(w.auditRemark)}</p> : null}
                {w.failReason ? <p className="text-sm text-red-700">打款失败：{String(w.failReason)}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-4 pb-4 text-base text-gray-600">还没有提现记录。</p>
        )}
      </section>

      <section className="space-y-3 rounded-lg bg-white p-4 text-base shadow-sm" aria-labelledby="cards-title">
        <h2 id="cards-title" className="text-lg font-semibold">银行卡</h2>
        {cards.length ? (
          <ul className="space-y-1" data-testid="wallet-cards">
            {cards.map((c) => (
              <li key={String(c.id)}>{`${String(c.bankName)} 尾号 ${String(c.cardNoLast4)}（${String(c.holderName)}）`}</li>
            ))}
          </ul>
        ) : null}
        <details className="rounded border border-gray-200" open={cards.length === 0}>
          <summary className="driver-tap flex cursor-pointer items-center px-3 font-semibold text-primary">绑定一张银行卡</summary>
          <Form method="post" className="space-y-3 p-3" aria-label="绑定银行卡">
            <input type="hidden" name="intent" value="bindCard" />
            <Field id="card-holder" label="开户名（本人姓名）">
              <input id="card-holder" name="holderName" required defaultValue={String(account.accountName ?? "")} className="driver-input mt-1" />
            </Field>
            <Field id="card-no" label="银行卡号">
              <input id="card-no" name="cardNo" required inputMode="numeric" autoComplete="off" className="driver-input mt-1" />
            </Field>
            <Field id="card-bank" label="开户银行" hint="如 中国农业银行">
              <input id="card-bank" name="bankName" required className="driver-input mt-1" />
            </Field>
            <Field id="card-branch" label="开户网点（选填）">
              <input id="card-branch" name="bankBranch" className="driver-input mt-1" />
            </Field>
            <Field id="card-mobile" label="银行预留手机号（选填）">
              <input id="card-mobile" name="reservedMobile" inputMode="tel" className="driver-input mt-1" />
            </Field>
            <button type="submit" className="driver-button btn-primary">绑定银行卡</button>
          </Form>
        </details>
      </section>
    </>
  );
}
