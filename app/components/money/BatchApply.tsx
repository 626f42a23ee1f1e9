/**
 * 申请撮合开票 (a view of 撮合开票列表, `?apply=1`) and 批量登记 (a view of 临时登记记录, `?batch=1`) on
 * the engine's row selection (BulkSelection): tick rows in a GET form, confirm in a `?confirm=` dialog
 * that POSTs; the platform's row `actions` say which rows may be ticked. Without JavaScript the footer
 * shows what the address selects, with it the footer follows the ticks as they change.
 */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MATCH_INVOICE_KINDS } from "../../../contract/resources/match-invoice";
import { TAX_PERSON_TYPES } from "../../../contract/resources/tax-registration";
import { f } from "../../../contract/resources/kit";
import { fenToYuan } from "~/lib/format";
import { Permission } from "~/components/ui/Permission";
import type { loadMatchApply, loadTaxBatch, MatchKind } from "~/services/pages/batch-apply.server";
import { BulkConfirmDialog, BulkForm, BulkReason, RowCheckbox, type BulkData } from "~/components/resource/BulkSelection";
import { APPLY_MATCH, BATCH_REGISTER } from "~/lib/batch-actions";
import { FieldTable } from "~/components/resource/FieldTable";
import { FilterBar, PageFrame } from "~/components/ui/PageFrame";
import { Pagination } from "~/components/ui/Pagination";

type Row = Record<string, unknown>;

const MATCH_LIST = "/financialManage/matchmakingBillingList";
const TAX_LIST = "/financialManage/temporaryRegistrationList";

const TEXT = 64;
/** 申请撮合开票's candidate columns, in the engine's field dialect; the amount is the kind's (服务费 or 运费). */
const matchColumns = (kind: MatchKind) =>
  [
    ["freightNo", f.text("运单号", TEXT)],
    ["orderNo", f.text("订单号", TEXT)],
    ["shipperName", f.text("托运人", TEXT)],
    ["carrierName", f.text("司机/船长", TEXT)],
    ["conveyanceName", f.text("车牌/船名", TEXT)],
    ["route", f.text("装货地 → 卸货地", TEXT * 2)],
    ["weight", f.weightKg("结算重量", Number.MAX_SAFE_INTEGER)],
    ["amount", f.moneyFen(kind === "SERVICE" ? "服务费" : "运费", Number.MAX_SAFE_INTEGER)],
    ["paidAt", f.datetime("付款时间")],
  ] as const;
const TAX_COLUMNS = [
  ["personType", f.enumOf("人员类型", TAX_PERSON_TYPES)],
  ["name", f.text("姓名", TEXT)],
  ["idCardNo", f.text("身份证号", 18)],
  ["mobile", f.text("手机号", 11)],
] as const;

/** The ticked values of a pick form, starting from the address's and following the checkboxes. */
function useTicked<T extends string | number>(initial: T[], name: string, parse: (v: string) => T) {
  const [ticked, setTicked] = useState<T[]>(initial);
  const key = initial.join(",");
  // A navigation (another page, the dialog) brings the address's selection again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setTicked(initial), [key]);
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name !== name || input.type !== "checkbox") return;
    const value = parse(input.value);
    setTicked((prev) => (input.checked ? [...prev.filter((v) => v !== value), value] : prev.filter((v) => v !== value)));
  };
  return { ticked, onChange };
}

/** A batch view's frame with the way back to its list, or only its refusal when the caller may not use it. */
function BatchFrame({ title, list, listLabel, notice, refused, children }: { title: string; list: string; listLabel: string; notice?: string | null; refused?: string | null; children?: React.ReactNode }) {
  return (
    <PageFrame title={title} notice={notice} toolbar={<Link to={list} className="btn">{listLabel}</Link>}>
      {refused ? <p className="alert-error" role="alert">{refused}</p> : children}
    </PageFrame>
  );
}

export function MatchApplyPage() {
  const { page, notice, selected, ticked: inAddress, bulk, closeHref, refused } = useLoaderData<typeof loadMatchApply>();
  const actionData = useActionData<{ error?: string | null; fieldErrors?: Record<string, string[] | null> | null }>();
  const { ticked, onChange } = useTicked<number>(selected, "freightId", Number);
  const frame = { title: "申请撮合开票", list: MATCH_LIST, listLabel: "返回撮合开票列表", notice };
  if (!page) return <BatchFrame {...frame} refused={refused} />;
  const kind = page.invoiceKind as MatchKind;
  const records = page.records as Array<Row & { actions: string[]; blocked?: Record<string, string> }>;
  const live = records.filter((r) => ticked.includes(Number(r.freightId)) && r.actions.includes(APPLY_MATCH.key));
  const sumOf = (rows: Row[]) => rows.reduce((n, r) => n + Number(r.amount), 0);
  const selection = [APPLY_MATCH];
  return (
    <BatchFrame {...frame}>
      <FilterBar
        hidden={{ apply: "1" }}
        filters={[
          { name: "invoiceKind", label: "发票种类", options: MATCH_INVOICE_KINDS },
          { name: "keyword", label: "运单号/订单号" },
          { name: "shipperName", label: "托运人" },
        ]}
      />
      <div className="card">
        <p className="mb-2 text-sm text-muted">
          {MATCH_INVOICE_KINDS[kind].label}：已完成、已付款、未申请过该种发票的撮合运单；一张发票只含同一托运人的运单{kind === "DRIVER_AGENT" ? "、同一司机（须已办理临时税务登记）" : ""}；灰色的不可选，原因见“不可选原因”
        </p>
        <BulkForm bulk={selection} label="选择撮合开票运单" onChange={onChange}>
          <FieldTable
            label="可申请的撮合运单"
            testId="match-candidates"
            records={records.map((r) => ({ ...r, route: `${String(r.loadingPlace)} → ${String(r.unloadingPlace)}` }))}
            leading={(r) => <RowCheckbox bulk={selection} record={r as never} title={String(r.freightNo)} ticked={inAddress} />}
            columns={matchColumns(kind)}
            trailing={[{ label: APPLY_MATCH.column!.label, cell: (r) => <BulkReason bulk={APPLY_MATCH} record={r as never} /> }]}
          />
        </BulkForm>
      </div>
      <div className="card">
        <p className="flex flex-wrap gap-x-4 text-sm text-gray-600" data-testid="apply-footer">
          <span>
            选中运单数 <b className="text-gray-800" data-testid="selected-waybills">{live.length}</b> 个
          </span>
          <span>
            发票金额 <b className="text-gray-800" data-testid="selected-amount">{fenToYuan(sumOf(live))}</b> 元
          </span>
          <span>可申请金额合计 {fenToYuan(page.sums?.invoiceAmount ?? 0)} 元</span>
        </p>
        <Pagination total={page.total} current={page.current} size={page.size} />
      </div>
      {bulk ? <BulkConfirmDialog bulk={{ ...APPLY_MATCH, title: `申请${MATCH_INVOICE_KINDS[kind].label}` }} data={bulk as unknown as BulkData} closeHref={closeHref} error={actionData?.error} fieldErrors={actionData?.fieldErrors} /> : null}
    </BatchFrame>
  );
}

/** A list's toolbar link to one of its views, shown to holders of `permission`. */
function ViewLink({ permission, to, testId, label }: { permission: string; to: string; testId: string; label: string }) {
  return (
    <Permission roles={[permission]}>
      <Link to={to} className="btn btn-primary" data-testid={testId}>
        {label}
      </Link>
    </Permission>
  );
}

/** The toolbar link of 撮合开票列表 that opens 申请撮合开票. */
export const MatchApplyLink = () => <ViewLink permission="TMS_MATCHMAKING_BILLING" to={`${MATCH_LIST}?apply=1`} testId="open-match-apply" label="申请撮合开票" />;

// ---------------------------------------------------------------------------------------------
// 临时税务登记: 登记 in batch

export function TaxBatchPage() {
  const { page, notice, selected, bulk, closeHref, refused } = useLoaderData<typeof loadTaxBatch>();
  const actionData = useActionData<{ error?: string | null; fieldErrors?: Record<string, string[] | null> | null }>();
  const { ticked, onChange } = useTicked<string>(selected, "person", String);
  const frame = { title: "批量登记（临时税务登记）", list: TAX_LIST, listLabel: "返回临时登记记录", notice };
  if (!page) return <BatchFrame {...frame} refused={refused} />;
  const records = page.records as Row[];
  const selection = [BATCH_REGISTER];
  return (
    <BatchFrame {...frame}>
      <FilterBar hidden={{ batch: "1" }} filters={[{ name: "personType", label: "人员类型", options: TAX_PERSON_TYPES }, { name: "keyword", label: "姓名/手机号" }]} />
      <div className="card">
        <BulkForm bulk={selection} label="选择登记人员" onChange={onChange}>
          <FieldTable label="可登记的人员" testId="tax-candidates" records={records} leading={(r) => <RowCheckbox bulk={selection} record={r as never} title={String(r.name)} ticked={selected} />} columns={TAX_COLUMNS} />
        </BulkForm>
      </div>
      <div className="card">
        <p className="text-sm text-gray-600" data-testid="batch-footer">
          已选 <b className="text-gray-800" data-testid="selected-persons">{ticked.length}</b> 人
        </p>
        <Pagination total={page.total} current={page.current} size={page.size} />
      </div>
      {bulk ? <BulkConfirmDialog bulk={BATCH_REGISTER} data={bulk as unknown as BulkData} closeHref={closeHref} error={actionData?.error} fieldErrors={actionData?.fieldErrors} /> : null}
    </BatchFrame>
  );
}

/** The toolbar link of 临时登记记录 that opens 批量登记. */
export const TaxBatchLink = () => <ViewLink permission="TMS_TAX_MANAGEMENT" to={`${TAX_LIST}?batch=1`} testId="open-tax-batch" label="批量登记" />;
