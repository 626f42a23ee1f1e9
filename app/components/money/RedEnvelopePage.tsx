/**
 * 红包管理 (domain 5.9): the marketing account's balance and its funding, campaigns (新建, 启用, 暂停,
 * 结束, 手动发放) and the grants (撤回 an unclaimed one), each tab exportable to xlsx with its filters
 * (导出: a GET download of /financialManage/redEnvelopeManagement/export.xlsx). Built from MoneyKit: GET filters, row actions
 * that open a confirmation by `?confirm=`, every form a POST that works without JavaScript.
 */
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { AMOUNT_MODES, AUDIENCES, CAMPAIGN_MOVES, CAMPAIGN_STATUS_LABELS, CAMPAIGN_TYPES, GRANT_STATUS_LABELS, type CampaignMove } from "../../../contract/red-envelope";
import { chinaDate } from "../../../contract/units";
import { fenToYuan } from "~/lib/format";
import { yuanPlain } from "../../../contract/numbers";
import { Permission } from "~/components/ui/Permission";
import type { loadRedEnvelopes } from "~/services/pages/red-envelopes.server";
import { ConfirmDialog, ConfirmLink, Field, FilterBar, MoneyFrame, MoneyTable, Pager, yuanSums, type Column, type Row } from "./MoneyKit";

const CAMPAIGN_COLUMNS: Column[] = [
  { key: "campaignNo", label: "编号" },
  { key: "name", label: "名称" },
  { key: "type", label: "类型", labels: CAMPAIGN_TYPES },
  { key: "audience", label: "发放对象", labels: AUDIENCES },
  { key: "rule", label: "金额规则", render: (r) => (r.amountMode === "FIXED" ? `固定 ${fenToYuan(Number(r.amountMin))} 元` : `随机 ${fenToYuan(Number(r.amountMin))}–${fenToYuan(Number(r.amountMax))} 元`) },
  { key: "budget", label: "预算(元)", kind: "fen" },
  { key: "grantedAmount", label: "已发放(元)", kind: "fen" },
  { key: "receivedAmount", label: "已领取(元)", kind: "fen" },
  { key: "remaining", label: "剩余预算(元)", kind: "fen" },
  { key: "valid", label: "有效期", render: (r) => `${String(r.validFrom)} 至 ${String(r.validTo)}` },
  { key: "status", label: "状态", labels: CAMPAIGN_STATUS_LABELS },
];

const GRANT_COLUMNS: Column[] = [
  { key: "campaignName", label: "活动" },
  { key: "userName", label: "用户" },
  { key: "userMobile", label: "手机号" },
  { key: "amount", label: "金额(元)", kind: "fen" },
  { key: "bizRef", label: "关联单据" },
  { key: "status", label: "状态", labels: GRANT_STATUS_LABELS },
  { key: "grantedAt", label: "发放时间", kind: "time" },
  { key: "receivedAt", label: "领取时间", kind: "time" },
  { key: "expireAt", label: "领取截止", kind: "time" },
];

function Select({ label, name, options }: { label: string; name: string; options: Readonly<Record<string, string>> }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span><span className="text-red-500">* </span>{label}</span>
      <select name={name} className="input" required>
        {Object.entries(options).map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
    </label>
  );
}

export const RED_ENVELOPE_EXPORT = "/financialManage/redEnvelopeManagement/export.xlsx";

/** 导出 of a tab: a plain download link carrying the tab's current filters (works without JavaScript). */
function ExportLink({ tab, search }: { tab: "campaigns" | "grants"; search: string }) {
  const current = new URLSearchParams(search);
  const params = new URLSearchParams({ tab });
  for (const key of tab === "grants" ? ["keyword", "status", "campaignId"] : ["keyword", "status"]) {
    const value = current.get(key);
    if (value) params.set(key, value);
  }
  return (
    <a href={`${RED_ENVELOPE_EXPORT}?${params}`} className="btn" download data-testid={`export-${tab}`}>
      导出
    </a>
  );
}

function Tabs({ tab }: { tab: string }) {
  const tabs = [["campaigns", "活动"], ["grants", "发放记录"]] as const;
  return (
    <nav className="flex gap-2" aria-label="红包管理">
      {tabs.map(([key, label]) => (
        <Link key={key} to={`?tab=${key}`} className={`btn ${tab === key ? "btn-primary" : ""}`} aria-current={tab === key ? "page" : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

export function RedEnvelopePage() {
  const { tab, campaigns, grants, notice, requestNo, confirm, refused } = useLoaderData<typeof loadRedEnvelopes>();
  const location = useLocation();
  if (!campaigns) {
    return (
      <MoneyFrame title="红包管理" notice={notice}>
        <p className="alert-error" role="alert">{refused}</p>
      </MoneyFrame>
    );
  }
  const id = confirm.split(":")[1];
  const target = (campaigns.records as Row[]).find((c) => String(c.id) === id);
  const today = chinaDate();
  return (
    <MoneyFrame
      title="红包管理"
      notice={notice}
      toolbar={
        <Permission roles={["TMS_RED_ENVELOPE"]}>
          <ConfirmLink intent="fund" id="0">注入营销资金</ConfirmLink>
          <ConfirmLink intent="create" id="new">新建活动</ConfirmLink>
        </Permission>
      }
    >
      <div className="card flex flex-wrap items-center gap-6" data-testid="marketing-account">
        <div>
          <div className="text-xs text-gray-500">营销资金账户余额</div>
          <div className="text-xl font-semibold tabular-nums">{fenToYuan(campaigns.marketing.balance)} 元</div>
        </div>
        <div className="text-sm text-gray-500">账号 {campaigns.marketing.accountNo} · 红包从该账户出账，记入领取人钱包</div>
        <div className="ml-auto"><Tabs tab={tab} /></div>
      </div>

      {tab === "campaigns" ? (
        <>
          <FilterBar filters={[{ name: "keyword", label: "编号/名称" }, { name: "status", label: "状态", options: CAMPAIGN_STATUS_LABELS }]} />
          <div className="card space-y-3">
            <div className="flex justify-end"><ExportLink tab="campaigns" search={location.search} /></div>
            <MoneyTable
              testId="campaign-table"
              rows={campaigns.records as Row[]}
              columns={CAMPAIGN_COLUMNS}
              actions={(r) => (
                <span className="flex gap-2">
                  <Link to={`?tab=grants&campaignId=${String(r.id)}`} className="btn-link">发放记录</Link>
                  <Permission roles={["TMS_RED_ENVELOPE"]}>
                    {r.status === "ACTIVE" ? <ConfirmLink intent="grant" id={r.id}>手动发放</ConfirmLink> : null}
                    {(r.moves as CampaignMove[]).map((move) => (
                      <ConfirmLink key={move} intent={move} id={r.id} danger={move === "end"}>{CAMPAIGN_MOVES[move].label}</ConfirmLink>
                    ))}
                  </Permission>
                </span>
              )}
            />
            <Pager page={campaigns} sums={yuanSums(campaigns.sums, [["budget", "预算"], ["granted", "已发放"], ["received", "已领取"]])} />
          </div>
        </>
      ) : grants ? (
        <>
          <FilterBar hidden={{ tab: "grants", ...(new URLSearchParams(location.search).get("campaignId") ? { campaignId: new URLSearchParams(location.search).get("campaignId")! } : {}) }} filters={[{ name: "keyword", label: "用户/手机号/活动" }, { name: "status", label: "状态", options: GRANT_STATUS_LABELS }]} />
          {new URLSearchParams(location.search).get("campaignId") ? <p className="text-sm text-gray-500">仅显示所选活动的发放记录 · <Link to="?tab=grants" className="btn-link">查看全部</Link></p> : null}
          <div className="card space-y-3">
            <div className="flex justify-end"><ExportLink tab="grants" search={location.search} /></div>
            <MoneyTable
              testId="grant-table"
              rows={grants.records as Row[]}
              columns={GRANT_COLUMNS}
              actions={(r) => (r.status === "GRANTED" ? <Permission roles={["TMS_RED_ENVELOPE"]}><ConfirmLink intent="revoke" id={r.id} danger>撤回</ConfirmLink></Permission> : null)}
            />
            <Pager page={grants} sums={yuanSums(grants.sums, [["amount", "金额"]])} />
          </div>
        </>
      ) : null}

      <ConfirmDialog confirm={confirm} intent="fund" title="注入营销资金" submitLabel="确认注入" hidden={{ requestNo }}>
        <p className="text-sm text-gray-500">从平台银行存管账户转入营销资金账户，用于发放红包。</p>
        <Field label="注入金额(元)" name="amount" required type="number" />
      </ConfirmDialog>
      <ConfirmDialog confirm={confirm} intent="create" title="新建红包活动" submitLabel="保存为草稿" hidden={{ requestNo }}>
        <Field label="活动名称" name="name" required maxLength={64} />
        <Select label="活动类型" name="type" options={CAMPAIGN_TYPES} />
        <Select label="发放对象" name="audience" options={AUDIENCES} />
        <Select label="金额规则" name="amountMode" options={AMOUNT_MODES} />
        <Field label="红包金额（最小，元）" name="amountMin" required type="number" />
        <Field label="红包金额（最大，元；固定金额可不填）" name="amountMax" type="number" />
        <Field label="预算(元)" name="budget" required type="number" />
        <Field label="每人限领次数" name="perUserLimit" required defaultValue="1" />
        <Field label="领取有效天数" name="receiveDays" required defaultValue="7" />
        <Field label="开始日期" name="validFrom" required type="date" defaultValue={today} />
        <Field label="结束日期" name="validTo" required type="date" />
      </ConfirmDialog>
      <ConfirmDialog confirm={confirm} intent="grant" title={`手动发放 · ${String(target?.name ?? "")}`} submitLabel="确认发放" hidden={{ requestNo }}>
        <p className="text-sm text-gray-500">向已注册的司机/船长发放红包，立即从营销资金入账到各自钱包。剩余预算 {fenToYuan(Number(target?.remaining ?? 0))} 元。</p>
        <label className="flex flex-col gap-1 text-sm">
          <span><span className="text-red-500">* </span>手机号（每行或逗号分隔一个，最多 200 个）</span>
          <textarea name="mobiles" required rows={4} className="input" />
        </label>
        <Field label="每人金额(元)" name="amount" required type="number" defaultValue={target ? yuanPlain(Number(target.amountMin)) : undefined} />
        <Field label="备注" name="remark" maxLength={100} />
      </ConfirmDialog>
      {(Object.keys(CAMPAIGN_MOVES) as CampaignMove[]).map((move) => (
        <ConfirmDialog key={move} confirm={confirm} intent={move} title={`${CAMPAIGN_MOVES[move].label}红包活动`} submitLabel={`确认${CAMPAIGN_MOVES[move].label}`} danger={move === "end"}>
          确定{CAMPAIGN_MOVES[move].label}活动「{String(target?.name ?? "")}」吗？{move === "end" ? "结束后不能再发放，已发放未领取的红包到期自动失效并退回预算。" : ""}
        </ConfirmDialog>
      ))}
      <ConfirmDialog confirm={confirm} intent="revoke" title="撤回红包" submitLabel="确认撤回" danger>
        撤回后该红包不能再领取，金额退回活动预算。
      </ConfirmDialog>
    </MoneyFrame>
  );
}
