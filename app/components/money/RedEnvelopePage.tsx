/**
 * 红包管理 (domain 5.9): the marketing account's balance and its funding, and two tabs on the resource
 * engine — 活动 (启用, 暂停, 结束 as the platform's row actions allow; 手动发放; 发放记录) and 发放记录
 * (撤回 an unclaimed one) — each with the engine's filters, paging, footer sums and 导出 (the page's
 * workbook route). 注入营销资金, 新建活动 and 手动发放 are the marketing service's forms with their request
 * numbers, in `?confirm=` dialogs; every form works without JavaScript.
 */
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  AMOUNT_MODES,
  AUDIENCES,
  CAMPAIGN_TYPES,
} from "../../../contract/red-envelope";
import { f, type Field } from "../../../contract/resources/kit";
import { redEnvelopeCampaign } from "../../../contract/resources/red-envelope";
import { chinaDate } from "../../../contract/units";
import { yuanPlain } from "../../../contract/numbers";
import { fenToYuan } from "~/lib/format";
import {
  RED_ENVELOPE_PATH,
  redEnvelopeCampaignPages,
  redEnvelopeGrantList,
} from "~/pages/marketing";
import { FieldInput } from "~/components/resource/inputs";
import { IntentDialog } from "~/components/resource/IntentDialog";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { Permission } from "~/components/ui/Permission";
import type { loadRedEnvelopes } from "~/services/pages/red-envelopes.server";
import { confirmParam } from "~/lib/confirm";

const optionsOf = (labels: Readonly<Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(labels).map(([key, label]) => [key, { label }])
  );
const { fields } = redEnvelopeCampaign;
const required = <T,>(field: Field<T>): Field<T> => ({
  ...field,
  required: true,
});

/** 新建活动's form: the campaign's fields (the marketing service checks them again). */
const CREATE_FIELDS: Array<[string, Field, string]> = [
  ["name", f.text("活动名称", 64, { required: true }), ""],
  [
    "type",
    required(f.enumOf("活动类型", optionsOf(CAMPAIGN_TYPES))),
    "REGISTER",
  ],
  ["audience", required(f.enumOf("发放对象", optionsOf(AUDIENCES))), "DRIVER"],
  [
    "amountMode",
    required(f.enumOf("金额规则", optionsOf(AMOUNT_MODES))),
    "FIXED",
  ],
  ["amountMin", required(fields.amountMin), ""],
  [
    "amountMax",
    { ...fields.amountMax, label: "红包金额（最大，元；固定金额可不填）" },
    "",
  ],
  ["budget", required(fields.budget), ""],
  ["perUserLimit", required(fields.perUserLimit), "1"],
  ["receiveDays", required(fields.receiveDays), "7"],
  ["validFrom", required(fields.validFrom), ""],
  ["validTo", required(fields.validTo), ""],
];
const FUND_AMOUNT = f.moneyFen("注入金额(元)", 10_000_000_000, {
  required: true,
});
const MOBILES = f.textarea("手机号（每行或逗号分隔一个，最多 200 个）", 4000, {
  required: true,
});
const GRANT_AMOUNT = f.moneyFen("每人金额(元)", 100_000, { required: true });
const REMARK = f.text("备注", 100);

function Tabs({ tab }: { tab: string }) {
  const tabs = [
    ["campaigns", "活动"],
    ["grants", "发放记录"],
  ] as const;
  return (
    <nav className="flex gap-2" aria-label="红包管理">
      {tabs.map(([key, label]) => (
        <Link
          key={key}
          to={`${RED_ENVELOPE_PATH}?tab=${key}`}
          className={`btn ${tab === key ? "btn-primary" : ""}`}
          aria-current={tab === key ? "page" : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

export function RedEnvelopePage() {
  const {
    tab,
    marketing,
    refused,
    granting: found,
    requestNo,
  } = useLoaderData<typeof loadRedEnvelopes>();
  const location = useLocation();
  const confirm = confirmParam(location.search);
  const granting = found as Record<string, unknown> | null;
  const page =
    tab === "grants" ? redEnvelopeGrantList : redEnvelopeCampaignPages.list!;
  const toolbar = (
    <Permission roles={["TMS_RED_ENVELOPE"]}>
      <Link
        to={`${RED_ENVELOPE_PATH}?confirm=fund:0`}
        className="btn"
        preventScrollReset
      >
        注入营销资金
      </Link>
      <Link
        to={`${RED_ENVELOPE_PATH}?confirm=create:new`}
        className="btn btn-primary"
        preventScrollReset
      >
        新建活动
      </Link>
    </Permission>
  );
  const today = chinaDate();
  return (
    <div className="space-y-3">
      <h2 className="page-title mb-0">红包管理</h2>
      {marketing ? (
        <div
          className="card flex flex-wrap items-center gap-6"
          data-testid="marketing-account"
        >
          <div>
            <div className="text-xs text-muted">营销资金账户余额</div>
            <div className="text-xl font-semibold tabular-nums">
              {fenToYuan(marketing.balance)} 元
            </div>
          </div>
          <div className="text-sm text-muted">
            账号 {marketing.accountNo} · 红包从该账户出账，记入领取人钱包
          </div>
          <div className="ml-auto">
            <Tabs tab={tab} />
          </div>
        </div>
      ) : (
        <p className="alert-error" role="alert">
          {refused}
        </p>
      )}
      <div data-testid={tab === "grants" ? "grant-table" : "campaign-table"}>
        <ResourceListPage
          page={page}
          toolbar={tab === "grants" ? undefined : toolbar}
        />
      </div>
      <IntentDialog
        confirm={confirm}
        intent="fund"
        title="注入营销资金"
        submitLabel="确认注入"
        hidden={{ requestNo }}
      >
        <p className="text-sm text-muted">
          从平台银行存管账户转入营销资金账户，用于发放红包。
        </p>
        <FieldInput
          name="amount"
          id="fund-amount"
          field={FUND_AMOUNT}
          defaultValue=""
        />
      </IntentDialog>
      <IntentDialog
        confirm={confirm}
        intent="create"
        title="新建红包活动"
        submitLabel="保存为草稿"
        hidden={{ requestNo }}
      >
        {CREATE_FIELDS.map(([name, field, value]) => (
          <FieldInput
            key={name}
            name={name}
            id={`create-${name}`}
            field={field}
            defaultValue={name === "validFrom" ? today : value}
          />
        ))}
      </IntentDialog>
      {granting ? (
        <IntentDialog
          confirm={confirm}
          intent="grant"
          title={`手动发放 · ${String(granting.name ?? "")}`}
          submitLabel="确认发放"
          hidden={{ requestNo }}
        >
          <p className="text-sm text-muted">
            向已注册的司机/船长发放红包，立即从营销资金入账到各自钱包。剩余预算{" "}
            {fenToYuan(
              Number(granting.budget ?? 0) - Number(granting.grantedAmount ?? 0)
            )}{" "}
            元。
          </p>
          <FieldInput
            name="mobiles"
            id="grant-mobiles"
            field={MOBILES}
            defaultValue=""
          />
          <FieldInput
            name="amount"
            id="grant-amount"
            field={GRANT_AMOUNT}
            defaultValue={yuanPlain(Number(granting.amountMin ?? 0))}
          />
          <FieldInput
            name="remark"
            id="grant-remark"
            field={REMARK}
            defaultValue=""
          />
        </IntentDialog>
      ) : null}
    </div>
  );
}
