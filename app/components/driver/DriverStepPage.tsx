import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { kgToTonnesInput, tonnesToKg } from "../../../contract/units";
import { StatusTag } from "~/components/freight/StatusTag";
import { kgToTonnes } from "~/lib/format";
import { DRIVER_STEPS, WAY_WORDS, driverFields } from "~/lib/driver";
import { STEP_ACTIONS, maxUnloadKg } from "~/lib/steps";
import { DRIVER_HOME } from "~/navigation";
import type { DriverStepAction, DriverStepLoader } from "~/services/pages/driver.server";
import { WaybillFacts } from "./DriverHome";
import { PhotoInput } from "./PhotoInput";
import { PositionPanel } from "./PositionReporter";

type LoaderData = ReturnType<typeof useLoaderData<DriverStepLoader>>;
type Card = NonNullable<LoaderData["card"]>;

/** His 装货 or 卸货: the waybill, then the form (weight and 磅单 photo), then a confirmation he reads before the step is taken. */
export function DriverStepPage() {
  const data = useLoaderData<DriverStepLoader>();
  const reply = useActionData<DriverStepAction>();
  const spec = STEP_ACTIONS[data.step];
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{spec.label}</h1>
        <Link to={DRIVER_HOME} className="driver-tap inline-flex items-center px-2 text-base text-primary underline">返回我的运单</Link>
      </div>
      {/* The confirmation comes first: it is what he reads now; the waybill follows. */}
      {data.card && !data.notice && reply?.stage === "confirm" ? <Confirmation card={data.card} step={data.step} values={reply.values} reasons={reply.reasons} /> : null}
      {data.card ? (
        <section className="rounded-lg bg-white p-4 text-base shadow-sm" aria-label="运单信息" data-testid="driver-step-waybill">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm text-gray-600">运单号 {data.card.freightNo}</span>
            <StatusTag status={data.card.status} />
          </div>
          <dl className="mt-1">
            <WaybillFacts card={data.card} />
          </dl>
        </section>
      ) : null}
      {data.notice ? (
        <p className="alert-info text-base" role="status" data-testid="driver-step-notice">{data.notice}</p>
      ) : null}
      {reply && reply.stage === "form" && reply.refusal ? (
        <p className="alert-error text-base" role="alert" data-testid="driver-step-refusal">{reply.refusal}</p>
      ) : null}
      {data.card && !data.notice && reply?.stage !== "confirm" ? (
        <StepForm card={data.card} step={data.step} values={reply?.values ?? null} errors={reply?.stage === "form" ? reply.errors : {}} />
      ) : null}
      <PositionPanel plan={data.position} />
    </>
  );
}

type StepKey = LoaderData["step"];

function weightHint(step: StepKey, card: Card): string {
  const weighed = WAY_WORDS[card.freightWay].weighed;
  if (step === "UNLOADING" && card.loadedWeight != null) {
    return `填卸货${weighed}，单位吨。装货 ${kgToTonnes(card.loadedWeight)} 吨，卸货最多 ${kgToTonnes(maxUnloadKg(card.loadedWeight))} 吨`;
  }
  // The example is what he types: without thousands separators.
  return `填装货${weighed}，单位吨，如 ${kgToTonnesInput(card.plannedWeight)}`;
}

function StepForm({ card, step, values, errors }: { card: Card; step: StepKey; values: { weight: string; ticket: string } | null; errors: Record<string, string> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [weightField, ticketField] = driverFields(step);
  const weightName = DRIVER_STEPS[step].weight;
  const weightError = errors[weightName] ?? null;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4 rounded-lg bg-white p-4 shadow-sm" data-testid={`driver-form-${step}`} aria-label={`${STEP_ACTIONS[step].label}表单`}>
      <input type="hidden" name="freightNo" value={card.freightNo} />
      <div>
        <label htmlFor="driver-weight" className="block text-base font-semibold">{weightField!.label}（吨）</label>
        <p id="driver-weight-hint" className="text-sm text-gray-600">{weightHint(step, card)}</p>
        <input
          id="driver-weight"
          name={weightName}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={values?.weight ?? ""}
          aria-describedby="driver-weight-hint"
          aria-invalid={weightError ? true : undefined}
          className="driver-input mt-1"
        />
        {weightError ? <p className="mt-1 text-base text-danger" role="alert">{weightError}</p> : null}
      </div>
      <PhotoInput id="driver-ticket" name={ticketField!.name} label={`拍${ticketField!.label}`} held={values?.ticket || null} error={errors[ticketField!.name] ?? null} />
      <button type="submit" name="intent" value="check" className="driver-button btn-primary" disabled={busy}>
        {busy ? "正在上传…" : "下一步：核对"}
      </button>
    </Form>
  );
}

function Confirmation({ card, step, values, reasons }: { card: Card; step: StepKey; values: { weight: string; ticket: string }; reasons: string[] }) {
  const spec = STEP_ACTIONS[step];
  const weightName = DRIVER_STEPS[step].weight;
  const kg = tonnesToKg(values.weight);
  const [weightField, ticketField] = driverFields(step);
  return (
    <Form method="post" className="space-y-3 rounded-lg bg-white p-4 text-base shadow-sm" data-testid={`driver-confirm-${step}`} aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="text-lg font-semibold">请核对后再确认{spec.label}</h2>
      <input type="hidden" name="freightNo" value={card.freightNo} />
      <input type="hidden" name={weightName} value={values.weight} />
      <input type="hidden" name={ticketField!.name} value={values.ticket} />
      <dl>
        <div className="flex gap-3 py-1">
          <dt className="w-20 shrink-0 text-gray-600">{weightField!.label}</dt>
          <dd className="text-xl font-semibold" data-testid="confirm-weight">{kg == null ? values.weight : `${kgToTonnes(kg)} 吨`}</dd>
        </div>
        <div className="py-1">
          <dt className="text-gray-600">{ticketField!.label}</dt>
          <dd><img src={values.ticket} alt={ticketField!.label} className="mt-1 max-h-56 rounded border" /></dd>
        </div>
      </dl>
      {reasons.length ? (
        <div className="rounded-lg border-2 border-red-300 bg-red-50 p-3 text-red-800" role="alert" data-testid="confirm-abnormal">
          <p className="font-semibold">注意：确认后这张运单会被标记为「异常」</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {reasons.map((reason) => <li key={reason}>{reason}</li>)}
          </ul>
          <p className="mt-2">如果重量填错了，请点「返回修改」。没有填错就继续确认，企业会核实情况。</p>
        </div>
      ) : (
        <p className="alert-success text-base" data-testid="confirm-normal">重量在正常范围内。</p>
      )}
      <button type="submit" name="intent" value="confirm" className="driver-button btn-primary">{spec.submitLabel}</button>
      <button type="submit" name="intent" value="edit" className="driver-button btn">返回修改</button>
    </Form>
  );
}
