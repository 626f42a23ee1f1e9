import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FREIGHT_WAY_LABELS, type OrderRecord } from "../../../contract/freight";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { inputProps } from "~/lib/form";
import { dispatchContext, dispatchFormSchema, shipCapacities, type DispatchResources } from "~/lib/dispatch-form";

interface DispatchPanelProps {
  order: OrderRecord;
  /** 派车 against a delivery note, under a task, or 重新发货 of a cancelled waybill (its remaining weight caps the order's). */
  link?: { kind: string; id: number; label: string; remainingWeight: number } | null;
  resources: DispatchResources;
  closeHref: string;
  lastResult?: SubmissionResult<string[]> | null;
}

/** Conform's select props without its `key` (see inputProps in ~/lib/form). */
function selectProps(...args: Parameters<typeof getSelectProps>) {
  const { key: _key, ...props } = getSelectProps(...args) as ReturnType<typeof getSelectProps> & { key?: string };
  return props;
}

interface Eligibility {
  eligible?: boolean;
  ineligibleReason?: string | null;
}

/** A picker option the platform says cannot be dispatched is greyed, with the reason as its tooltip. */
const eligibilityProps = (r: Eligibility) => ({ disabled: r.eligible === false, title: r.ineligibleReason ?? undefined });
const notDispatchable = (r: Eligibility) => (r.ineligibleReason ? ` · 不可派单：${r.ineligibleReason}` : "");

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
          <dt className="w-16 shrink-0 text-gray-500">{label}</dt>
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
export function DispatchPanel({ order, resources, link, closeHref, lastResult }: DispatchPanelProps) {
  const navigation = useNavigation();
  const water = order.freightWay === "WATER";
  const context = dispatchContext(order, shipCapacities(resources.ships));
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
  const driversById = new Map(resources.drivers.map((d) => [String(d.id), d]));
  const captainsById = new Map(resources.captains.map((c) => [String(c.id), c]));

  return (
    <section className="card" aria-labelledby="dispatch-title" data-testid="dispatch-panel">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="dispatch-title" className="page-title mb-0">派单 · 订单 {order.orderNo}</h2>
        <Link to={closeHref} className="btn-link text-sm">关闭</Link>
      </div>
      <OrderFacts order={order} />
      {link ? <p className="alert-info mt-3" data-testid="dispatch-link">按{link.label}派单，本次最多 {kgToTonnes(link.remainingWeight)} 吨{link.kind === "redelivery" ? "，只能派一单" : ""}</p> : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
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
                <div>
                  <label htmlFor={person.id} className="mb-1 block text-sm text-gray-600">
                    第 {index + 1} 单 · {water ? "船长" : "司机"}<span className="ml-0.5 text-red-500" aria-hidden="true">*</span>
                  </label>
                  <select
                    {...selectProps(person)}
                    className={`input ${person.errors ? "input-error" : ""}`}
                    onChange={(e) => {
                      // With JavaScript, choosing a person fills in their usual vehicle or ship when none is chosen yet.
                      const chosen = water ? captainsById.get(e.currentTarget.value)?.shipId : driversById.get(e.currentTarget.value)?.vehicleId;
                      if (chosen && !conveyance.value) form.update({ name: conveyance.name, value: String(chosen) });
                    }}
                  >
                    <option value="">请选择{water ? "船长" : "司机"}</option>
                    {water
                      ? resources.captains.map((c) => (
                          <option key={c.id} value={c.id} {...eligibilityProps(c)}>{c.name}（{c.mobile}）{c.shipName ? ` · ${c.shipName}` : ""}{notDispatchable(c)}</option>
                        ))
                      : resources.drivers.map((d) => (
                          <option key={d.id} value={d.id} {...eligibilityProps(d)}>{d.name}（{d.mobile}）{d.plateNo ? ` · 常用车辆 ${d.plateNo}` : ""}{notDispatchable(d)}</option>
                        ))}
                  </select>
                  {person.errors ? <p className="field-error" id={person.errorId}>{person.errors[0]}</p> : null}
                </div>
                <div>
                  <label htmlFor={conveyance.id} className="mb-1 block text-sm text-gray-600">
                    {water ? "船舶" : "车辆"}<span className="ml-0.5 text-red-500" aria-hidden="true">*</span>
                  </label>
                  <select {...selectProps(conveyance)} className={`input ${conveyance.errors ? "input-error" : ""}`}>
                    <option value="">请选择{water ? "船舶" : "车辆"}</option>
                    {water
                      ? resources.ships.map((s) => (
                          <option key={s.id} value={s.id} {...eligibilityProps(s)}>{s.shipName}（载重 {kgToTonnes(s.loadCapacity)} 吨）{notDispatchable(s)}</option>
                        ))
                      : resources.vehicles.map((v) => (
                          <option key={v.id} value={v.id} {...eligibilityProps(v)}>{v.plateNo} {v.vehicleType}（载重 {kgToTonnes(v.loadCapacity)} 吨）{notDispatchable(v)}</option>
                        ))}
                  </select>
                  {conveyance.errors ? <p className="field-error" id={conveyance.errorId}>{conveyance.errors[0]}</p> : null}
                </div>
                <div>
                  <label htmlFor={row.plannedWeight.id} className="mb-1 block text-sm text-gray-600">
                    计划重量（吨）<span className="ml-0.5 text-red-500" aria-hidden="true">*</span>
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
        <p className="text-xs text-gray-400">
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
