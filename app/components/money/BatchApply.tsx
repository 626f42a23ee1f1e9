/**
 * 申请撮合开票 (a view of 撮合开票列表, `?apply=1`) and 批量登记 (a view of 临时登记记录, `?batch=1`):
 * tick rows in a GET form, confirm in a `?confirm=` dialog that POSTs; without JavaScript the footer
 * shows what the address selects, with it the footer follows the ticks as they change.
 */
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MATCH_INVOICE_KINDS, MATCH_INVOICE_TYPES } from "../../../contract/resources/match-invoice";
import { TAX_PERSON_TYPES } from "../../../contract/resources/tax-registration";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { Permission } from "~/components/ui/Permission";
import type { loadMatchApply, loadTaxBatch, MatchKind } from "~/services/pages/batch-apply.server";
import { ConfirmDialog, FilterBar, MoneyFrame, MoneyTable, Pager, WaybillPickForm, type Row } from "./MoneyKit";

const MATCH_LIST = "/financialManage/matchmakingBillingList";
const TAX_LIST = "/financialManage/temporaryRegistrationList";
const labelsOf = (options: Record<string, { label: string }>) => Object.fromEntries(Object.entries(options).map(([k, v]) => [k, v.label]));

function Choice({ name, label, options }: { name: string; label: string; options: Record<string, string> }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span>
        <span className="text-red-500">* </span>
        {label}
      </span>
      <select name={name} required className="input" defaultValue={Object.keys(options)[0]}>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

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

export function MatchApplyPage() {
  const { page, notice, requestNo, confirm, selected, refused } = useLoaderData<typeof loadMatchApply>();
  const { ticked, onChange } = useTicked<number>(selected, "freightId", Number);
  const back = (
    <Link to={MATCH_LIST} className="btn">
      返回撮合开票列表
    </Link>
  );
  if (!page) {
    return (
      <MoneyFrame title="申请撮合开票" notice={notice} toolbar={back}>
        <p className="alert-error" role="alert">{refused}</p>
      </MoneyFrame>
    );
  }
  const kind = page.invoiceKind as MatchKind;
  const records = page.records as Row[];
  const blocked = (r: Row) => (r.blockReason ? String(r.blockReason) : null);
  const pick = (ids: number[]) => records.filter((r) => ids.includes(Number(r.freightId)) && !blocked(r));
  const live = pick(ticked);
  const sumOf = (rows: Row[]) => rows.reduce((n, r) => n + Number(r.amount), 0);
  const chosen = pick(selected);
  const shippers = new Set(chosen.map((r) => String(r.shipperName)));
  const carriers = new Set(chosen.map((r) => String(r.carrierName)));
  return (
    <MoneyFrame title="申请撮合开票" notice={notice} toolbar={back}>
      <FilterBar
        hidden={{ apply: "1" }}
        filters={[
          { name: "invoiceKind", label: "发票种类", options: labelsOf(MATCH_INVOICE_KINDS) },
          { name: "keyword", label: "运单号/订单号" },
          { name: "shipperName", label: "托运人" },
        ]}
      />
      <WaybillPickForm
        label="选择撮合开票运单"
        confirm="applyMatch"
        permission="TMS_MATCHMAKING_BILLING"
        buttonLabel="申请撮合开票"
        buttonTestId="apply-match"
        hint={`${MATCH_INVOICE_KINDS[kind].label}：已完成、已付款、未申请过该种发票的撮合运单；一张发票只含同一托运人的运单${kind === "DRIVER_AGENT" ? "、同一司机（须已办理临时税务登记）" : ""}；灰色的不可选，原因见“不可选原因”`}
        tableTestId="match-candidates"
        rows={records}
        selected={selected}
        blockedReason={blocked}
        onChange={onChange}
        columns={[
          { key: "freightNo", label: "运单号" },
          { key: "orderNo", label: "订单号" },
          { key: "shipperName", label: "托运人" },
          { key: "carrierName", label: "司机/船长" },
          { key: "conveyanceName", label: "车牌/船名" },
          { key: "route", label: "装货地 → 卸货地", render: (r: Row) => `${String(r.loadingPlace)} → ${String(r.unloadingPlace)}` },
          { key: "weight", label: "结算重量(吨)", render: (r: Row) => kgToTonnes(Number(r.weight)) },
          { key: "amount", label: kind === "SERVICE" ? "服务费(元)" : "运费(元)", kind: "fen" },
          { key: "paidAt", label: "付款时间", kind: "time" },
          { key: "blockReason", label: "不可选原因", render: (r: Row) => (blocked(r) ? <span className="text-orange-600">{blocked(r)}</span> : <span className="text-green-700">可申请</span>) },
        ]}
      />
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
        <Pager page={page} />
      </div>
      {confirm.startsWith("applyMatch") && chosen.length === 0 ? (
        <p className="alert-error" role="alert">
          请先勾选要开票的运单（灰色的运单不可选）。
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <ConfirmDialog confirm={confirm} intent="applyMatch" title="申请撮合开票" submitLabel="确认提交申请" hidden={{ requestNo, invoiceKind: kind, freightId: chosen.map((r) => String(r.freightId)) }}>
          <p data-testid="apply-summary">
            申请{MATCH_INVOICE_KINDS[kind].label}：选中运单数 <strong>{chosen.length}</strong> 个，发票金额 <strong>{fenToYuan(sumOf(chosen))}</strong> 元。
            {shippers.size > 1 ? "选中的运单属于多个托运人，须分开申请。" : ""}
            {kind === "DRIVER_AGENT" && carriers.size > 1 ? "司机代开发票只能包含同一司机的运单。" : ""}
            提交后这些运单不能再申请同种发票（撤销申请可释放）。确认提交吗？
          </p>
          <Choice name="invoiceType" label="发票类型" options={labelsOf(MATCH_INVOICE_TYPES)} />
        </ConfirmDialog>
      ) : null}
    </MoneyFrame>
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
  const { page, notice, confirm, selected, refused } = useLoaderData<typeof loadTaxBatch>();
  const { ticked, onChange } = useTicked<string>(selected, "person", String);
  const location = useLocation();
  const back = (
    <Link to={TAX_LIST} className="btn">
      返回临时登记记录
    </Link>
  );
  if (!page) {
    return (
      <MoneyFrame title="批量登记（临时税务登记）" notice={notice} toolbar={back}>
        <p className="alert-error" role="alert">{refused}</p>
      </MoneyFrame>
    );
  }
  const records = page.records as Row[];
  const chosen = records.filter((r) => selected.includes(String(r.key)));
  const params = new URLSearchParams(location.search);
  return (
    <MoneyFrame title="批量登记（临时税务登记）" notice={notice} toolbar={back}>
      <FilterBar hidden={{ batch: "1" }} filters={[{ name: "personType", label: "人员类型", options: labelsOf(TAX_PERSON_TYPES) }, { name: "keyword", label: "姓名/手机号" }]} />
      <Form method="get" className="card space-y-3" aria-label="选择登记人员" onChange={onChange}>
        {[...params.entries()]
          .filter(([k]) => !["confirm", "person"].includes(k))
          .map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
        <input type="hidden" name="confirm" value="batchRegister:" />
        <div className="flex items-center gap-2">
          <Permission roles={["TMS_TAX_MANAGEMENT"]}>
            <button type="submit" className="btn btn-primary" data-testid="batch-register">
              登记
            </button>
          </Permission>
          <span className="text-sm text-gray-500">审核通过、尚无待登记或已登记记录的司机和船长；勾选后提交到主管税务机关登记（全部成功或全部不登记）</span>
        </div>
        <MoneyTable
          testId="tax-candidates"
          rows={records}
          leading={(r) => <input type="checkbox" name="person" value={String(r.key)} defaultChecked={selected.includes(String(r.key))} aria-label={`选择 ${String(r.name)}`} />}
          columns={[
            { key: "personType", label: "人员类型", labels: labelsOf(TAX_PERSON_TYPES) },
            { key: "name", label: "姓名" },
            { key: "idCardNo", label: "身份证号" },
            { key: "mobile", label: "手机号" },
          ]}
        />
      </Form>
      <div className="card">
        <p className="text-sm text-gray-600" data-testid="batch-footer">
          已选 <b className="text-gray-800" data-testid="selected-persons">{ticked.length}</b> 人
        </p>
        <Pager page={page} />
      </div>
      {confirm.startsWith("batchRegister") && chosen.length === 0 ? (
        <p className="alert-error" role="alert">
          请先勾选要登记的司机或船长。
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <ConfirmDialog confirm={confirm} intent="batchRegister" title="批量登记" submitLabel="确认登记" hidden={{ person: chosen.map((r) => String(r.key)) }}>
          <p data-testid="batch-summary">
            为以下 <strong>{chosen.length}</strong> 人提交临时税务登记（待登记）：{chosen.map((r) => `${String(r.name)}（${TAX_PERSON_TYPES[r.personType as keyof typeof TAX_PERSON_TYPES]?.label ?? ""}）`).join("、")}。确认提交吗？
          </p>
          <label className="flex flex-col gap-1 text-sm">
            <span>
              <span className="text-red-500">* </span>主管税务机关
            </span>
            <input name="taxAuthority" required maxLength={64} className="input" placeholder="例如 国家税务总局蚌埠市蚌山区税务局" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span>
              <span className="text-red-500">* </span>委托代征授权书（图片地址，每行一个，最多 3 个）
            </span>
            <textarea name="authorizationFile" required rows={2} className="input" placeholder="/files/tax/authorization.jpg" />
          </label>
        </ConfirmDialog>
      ) : null}
    </MoneyFrame>
  );
}

/** The toolbar link of 临时登记记录 that opens 批量登记. */
export const TaxBatchLink = () => <ViewLink permission="TMS_TAX_MANAGEMENT" to={`${TAX_LIST}?batch=1`} testId="open-tax-batch" label="批量登记" />;
