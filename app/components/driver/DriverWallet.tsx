import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ENTRY_TYPE_LABELS, WITHDRAW_STATUS_LABELS, type EntryType, type WithdrawStatus } from "../../../contract/ledger";
import { fenToYuan, formatDateTime } from "~/lib/format";
import type { ResourcePageData } from "~/services/resources.server";
import { CONFIRM_PARAM } from "~/lib/confirm";

type Row = Record<string, unknown>;

interface WalletData {
  account: Row;
  cards: Row[];
  list: ResourcePageData;
  /** The withdrawal whose 撤销 he is asked to confirm (`?confirm=cancel:<id>`), when the platform allows it. */
  confirm: { action: string; record: Row } | null;
  /** The card whose 解绑 he is asked to confirm (`?confirm=unbind:<id>`). */
  unbind: string | null;
  entries: ResourcePageData | null;
  notice: string | null;
  requestNo: string;
}

/** The wallet's own address with one query parameter set (or dropped), the others kept. */
function hrefWith(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  params.delete(CONFIRM_PARAM);
  if (value === null) params.delete(key);
  else params.set(key, value);
  return params.size ? `/driver/wallet?${params}` : "/driver/wallet";
}

/** A ledger entry's amount as he reads it: + for money in, − for money out, the frozen change when nothing moved. */
function entryAmount(e: Row): { text: string; tone: string } {
  const amount = Number(e.income ?? e.amount ?? 0);
  const frozen = Number(e.frozenDelta ?? 0);
  if (amount) return { text: `${amount > 0 ? "+" : "−"}${fenToYuan(Math.abs(amount))} 元`, tone: amount > 0 ? "text-success" : "text-gray-900" };
  if (frozen) return { text: `${frozen > 0 ? "冻结" : "解冻"} ${fenToYuan(Math.abs(frozen))} 元`, tone: "text-gray-700" };
  return { text: "0.00 元", tone: "text-gray-700" };
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
 * with their status (撤销 where the platform allows it), his 流水 page by page, binding a card and 解绑. The loader and the action are 账户信息's (the same platform
 * calls and rules); this is his view of them.
 */
export function DriverWalletPage() {
  const { account, cards, list, confirm, unbind, entries, notice, requestNo } = useLoaderData<WalletData>();
  const failed = useActionData<{ error?: string }>();
  const search = useLocation().search;
  const unbinding = unbind ? cards.find((c) => String(c.id) === unbind) : undefined;
  const cancelling = confirm?.action === "cancel" ? confirm.record : null;
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
                {w.auditRemark ? <p className="text-sm text-danger">驳回原因：{String(w.auditRemark)}</p> : null}
                {w.failReason ? <p className="text-sm text-danger">打款失败：{String(w.failReason)}</p> : null}
                {cancelling && cancelling.id === w.id ? (
                  <Form method="post" className="mt-2 space-y-2 rounded border border-red-200 bg-red-50 p-3" aria-label="撤销提现" data-testid="wallet-cancel-confirm">
                    <input type="hidden" name="intent" value="transition:cancel" />
                    <input type="hidden" name="resource" value="withdrawal" />
                    <input type="hidden" name="id" value={String(w.id)} />
                    <input type="hidden" name="version" value={String(w.version ?? "")} />
                    <p>撤销这笔 {fenToYuan(Number(w.amount))} 元的提现？撤销后冻结的钱退回可以提现的余额。</p>
                    <div className="grid grid-cols-2 gap-2">
                      <button type="submit" className="driver-button btn-danger">确认撤销</button>
                      <Link to={hrefWith(search, "confirm", null)} className="driver-button border border-gray-400 bg-white text-gray-800" preventScrollReset>不撤销</Link>
                    </div>
                  </Form>
                ) : (w.actions as string[] | undefined)?.includes("cancel") ? (
                  <Link to={hrefWith(search, "confirm", `cancel:${String(w.id)}`)} className="driver-tap mt-1 inline-flex items-center font-semibold text-danger" preventScrollReset>撤销提现</Link>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-4 pb-4 text-base text-gray-600">还没有提现记录。</p>
        )}
      </section>

      {entries ? (
        <section className="rounded-lg bg-white shadow-sm" aria-labelledby="flow-title">
          <h2 id="flow-title" className="p-4 pb-2 text-lg font-semibold">流水（每一笔钱的进出）</h2>
          {entries.records.length ? (
            <ul className="divide-y divide-gray-100" data-testid="wallet-entries">
              {entries.records.map((e) => {
                const amount = entryAmount(e);
                return (
                  <li key={String(e.id)} className="px-4 py-3 text-base" data-testid="wallet-entry">
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-semibold">{ENTRY_TYPE_LABELS[e.entryType as EntryType] ?? String(e.entryType)}</span>
                      <span className={`text-lg font-semibold tabular-nums ${amount.tone}`}>{amount.text}</span>
                    </div>
                    {e.summary ? <p className="break-words text-sm text-gray-700">{String(e.summary)}</p> : null}
                    <p className="text-sm text-gray-600">
                      {formatDateTime(String(e.occurredAt ?? ""))}
                      {e.balanceAfter != null ? ` · 之后余额 ${fenToYuan(Number(e.balanceAfter))} 元` : ""}
                    </p>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="px-4 pb-4 text-base text-gray-600">还没有流水。</p>
          )}
          {entries.current > 1 || entries.current * entries.size < entries.total || entries.more ? (
            <nav className="grid grid-cols-2 gap-2 p-4 pt-2" aria-label="流水翻页" data-testid="wallet-entries-pager">
              {entries.current > 1 ? <Link to={hrefWith(search, "flow", entries.current > 2 ? String(entries.current - 1) : null)} className="driver-button border border-gray-400 bg-white text-gray-800" preventScrollReset>上一页</Link> : <span />}
              {entries.current * entries.size < entries.total || entries.more ? <Link to={hrefWith(search, "flow", String(entries.current + 1))} className="driver-button border border-gray-400 bg-white text-gray-800" preventScrollReset>下一页</Link> : null}
            </nav>
          ) : null}
        </section>
      ) : null}

      <section className="space-y-3 rounded-lg bg-white p-4 text-base shadow-sm" aria-labelledby="cards-title">
        <h2 id="cards-title" className="text-lg font-semibold">银行卡</h2>
        {cards.length ? (
          <ul className="divide-y divide-gray-100" data-testid="wallet-cards">
            {cards.map((c) => (
              <li key={String(c.id)} className="flex flex-wrap items-center justify-between gap-x-2 py-1" data-testid="wallet-card">
                <span>{`${String(c.bankName)} 尾号 ${String(c.cardNoLast4)}（${String(c.holderName)}）`}</span>
                <Link to={hrefWith(search, "confirm", `unbind:${String(c.id)}`)} className="driver-tap inline-flex items-center font-semibold text-danger" preventScrollReset>解绑</Link>
              </li>
            ))}
          </ul>
        ) : null}
        {unbinding ? (
          <Form method="post" className="space-y-2 rounded border border-red-200 bg-red-50 p-3" aria-label="解绑银行卡" data-testid="wallet-unbind-confirm">
            <input type="hidden" name="intent" value="unbind" />
            <input type="hidden" name="id" value={String(unbinding.id)} />
            <p>{`解绑 ${String(unbinding.bankName)} 尾号 ${String(unbinding.cardNoLast4)} 这张卡？解绑后不能再提现到这张卡。`}</p>
            <div className="grid grid-cols-2 gap-2">
              <button type="submit" className="driver-button btn-danger">确认解绑</button>
              <Link to={hrefWith(search, "confirm", null)} className="driver-button border border-gray-400 bg-white text-gray-800" preventScrollReset>不解绑</Link>
            </div>
          </Form>
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
