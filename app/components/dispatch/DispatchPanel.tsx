import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FREIGHT_WAY_LABELS, type OrderRecord } from "../../../contract/freight";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { inputProps } from "~/lib/form";
import { dispatchContext, dispatchFormSchema, type DispatchPickers } from "~/lib/dispatch-form";
import type { PickerData, PickerItem } from "~/lib/picker";
import { DefaultSubmit, RefPicker } from "~/components/resource/RefPicker";
import { RequiredMark } from "~/components/ui/FieldParts";

interface DispatchPanelProps {
  order: OrderRecord;
  /** 派车 against a delivery note, under a task, or 重新发货 of a cancelled waybill (its remaining weight caps the order's). */
  link?: { kind: string; id: number; label: string; remainingWeight: number } | null;
  /** The rows' pickers (the action's, after a 「搜索」 or a refused 派单, else the loader's). */
  pickers: DispatchPickers;
  closeHref: string;
  lastResult?: SubmissionResult<string[]> | null;
}

interface RowField {
  id: string;
  name: string;
  errorId: string;
  initialValue?: unknown;
  errors?: string[];
}

/**
 * A person or conveyance of a dispatch row: the shared reference picker over the dispatch selectors
 * (searching as you type with JavaScript, 「搜索」 without), the ones the platform will not dispatch
 * greyed with the reason (不可派单：五证不齐 …).
 */
function RowPicker({ field, row, label, noun, picker, onChoose, suggestion }: { field: RowField; row: number; label: string; noun: string; picker: PickerData | undefined; onChoose?: (item: PickerItem | null) => void; suggestion?: PickerItem | null }) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm text-gray-600">
        {label}<RequiredMark />
      </label>
      <RefPicker
        name={field.name}
        id={field.id}
        label={`第 ${row} 单${noun}`}
        picker={picker}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
        emptyLabel={`请选择${noun}`}
        className={`input ${field.errors ? "input-error" : ""}`}
        invalid={!!field.errors}
        describedBy={field.errors ? field.errorId : undefined}
        required
        onChoose={onChoose}
        suggestion={suggestion}
      />
      {field.errors ? <p className="field-error" id={field.errorId}>{field.errors[0]}</p> : null}
    </div>
  );
}

function OrderFacts({ order }: { order: OrderRecord }) {
  const facts: Array<[string, string]> = [
    ["运输方式", FREIGHT_WAY_LABELS[order.freightWay]],
    ["货主", order.shipperName],
    ["货物", order.cargoCategory],
    ["装货地", `${order.loadingPlace}（${order.loadingAddress}）`],
    ["卸货地", `${order.unloadingPlace}（${order.unloadingAddress}）`],
    ["计划重量", `${kgToTonnes(order.plannedWeight)} 吨`],
    ["已派重量", `${kgToTonnes(order.dispatchedWeight)} 吨`],
    ["剩余可派", `${kgToTonnes(order.remainingWeight)} 吨`],
    ["运价", `${fenToYuan(order.unitPrice)} 元/吨`],
  ];
  return (
    <dl className="grid gap-x-6 text-sm sm:grid-cols-2" aria-label="订单信息">
      {facts.map(([label, value]) => (
        <div key={label} className="flex gap-2 py-1">
          <dt className="w-16 shrink-0 text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 派单: one row per waybill to create, each a driver and a vehicle (or a captain and a ship) and a
 * planned weight in 吨. Rows are added and removed with Conform's list buttons, which post to the
 * page's action when JavaScript is off.
 */
export function DispatchPanel({ order, pickers, link, closeHref, lastResult }: DispatchPanelProps) {
  const navigation = useNavigation();
  const water = order.freightWay === "WATER";
  const context = dispatchContext(order, pickers.capacities ?? undefined);
  // With JavaScript, choosing a person suggests their usual vehicle or ship (taken when none is chosen yet).
  const [suggested, setSuggested] = useState<Record<string, PickerItem | null>>({});
  const pickerOf = (name: string, kind: string) => pickers.pickers[name] ?? pickers.pickers[kind];
  const [form, fields] = useForm({
    id: `dispatch-${order.id}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { items: [{}] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dispatchFormSchema(context) }),
  });
  const items = fields.items.getFieldList();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("orderId") === String(order.id) && !navigation.formData?.has("__intent__");

  return (
    <section className="card" aria-labelledby="dispatch-title" data-testid="dispatch-panel">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="dispatch-title" className="page-title mb-0">派单 · 订单 {order.orderNo}</h2>
        <Link to={closeHref} className="btn-link text-sm">关闭</Link>
      </div>
      <OrderFacts order={order} />
      {link ? <p className="alert-info mt-3" data-testid="dispatch-link">按{link.label}派单，本次最多 {kgToTonnes(link.remainingWeight)} 吨{link.kind === "redelivery" ? "，只能派一单" : ""}</p> : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
        <DefaultSubmit label="确认派单" />
        <input type="hidden" name="orderId" value={order.id} />
        <input type="hidden" name="orderNo" value={order.orderNo} />
        {link ? <input type="hidden" name="linkKind" value={link.kind} /> : null}
        {link ? <input type="hidden" name="linkId" value={link.id} /> : null}
        {form.errors?.length ? (
          <p className="alert-error" role="alert" id={form.errorId} data-testid="dispatch-error">{form.errors[0]}</p>
        ) : null}
        {fields.items.errors?.length ? <p className="alert-error" role="alert">{fields.items.errors[0]}</p> : null}
        <ol className="space-y-3">
          {items.map((item, index) => {
            const row = item.getFieldset();
            const person = water ? row.captainId : row.driverId;
            const conveyance = water ? row.shipId : row.vehicleId;
            return (
              <li key={item.key} className="grid gap-3 rounded border border-gray-200 p-3 sm:grid-cols-[1fr_1fr_10rem_auto]" data-testid="dispatch-item">
                <RowPicker
                  field={person}
                  row={index + 1}
                  label={`第 ${index + 1} 单 · ${water ? "船长" : "司机"}`}
                  noun={water ? "船长" : "司机"}
                  picker={pickerOf(person.name, water ? "captainId" : "driverId")}
                  onChoose={(item) => setSuggested((now) => ({ ...now, [conveyance.name]: item?.companion ?? null }))}
                />
                <RowPicker field={conveyance} row={index + 1} label={water ? "船舶" : "车辆"} noun={water ? "船舶" : "车辆"} picker={pickerOf(conveyance.name, water ? "shipId" : "vehicleId")} suggestion={suggested[conveyance.name] ?? null} />
                <div>
                  <label htmlFor={row.plannedWeight.id} className="mb-1 block text-sm text-gray-600">
                    计划重量（吨）<RequiredMark />
                  </label>
                  <input
                    {...inputProps(row.plannedWeight, { type: "text" })}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={water ? "如 1200" : "如 35"}
                    className={`input ${row.plannedWeight.errors ? "input-error" : ""}`}
                  />
                  {row.plannedWeight.errors ? <p className="field-error" id={row.plannedWeight.errorId}>{row.plannedWeight.errors[0]}</p> : null}
                </div>
                <div className="flex items-end">
                  {items.length > 1 ? (
                    <button {...form.remove.getButtonProps({ name: fields.items.name, index })} className="btn" aria-label={`删除第 ${index + 1} 单`}>删除</button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        <p className="text-xs text-muted">
          {water ? "每条派单生成一张水运运单，计划重量不超过所选船舶载重。" : "每条派单生成一张运单，公路运输单车计划重量不超过 200 吨。"}
          各单计划重量合计不超过剩余可派 {kgToTonnes(order.remainingWeight)} 吨。
        </p>
        <div className="flex flex-wrap gap-2">
          <button {...form.insert.getButtonProps({ name: fields.items.name, defaultValue: {} })} className="btn">增加一单</button>
          <button type="submit" className="btn btn-primary" disabled={submitting}>{submitting ? "提交中…" : "确认派单"}</button>
          <Link to={closeHref} className="btn">取消</Link>
        </div>
      </Form>
    </section>
  );
}
