import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { SelectShipView } from "../../contract/findship";
import { chinaDateTime } from "../../contract/units";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { titled } from "~/lib/meta";
import { platformMessage } from "~/services/page-data.server";
import { PlatformError } from "~/services/platform.server";
import { publicCall } from "~/services/public-findship.server";
import { readForm } from "~/services/read-form.server";

export const meta = titled("选船");

/** H5 选船 (public, from a signed 72-hour link `?t=`): the supply and the ships that fit it; choosing one records a 选船意向. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = new URL(request.url).searchParams.get("t") ?? "";
  if (!t) return json({ t, view: null, message: "请通过货主分享的选船链接打开本页" });
  try {
    const view = await publicCall<SelectShipView>(request, { path: "/public/select-ship", method: "GET", query: { t } });
    return json({ t, view, message: null });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "network") throw error;
    return json({ t, view: null, message: error instanceof PlatformError && error.kind === "not-found" ? "货源不存在或已删除" : platformMessage(error) }, { status: 400 });
  }
}

type ActionData = { error?: string; sent?: boolean; inquiryNo?: string; values?: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const t = new URL(request.url).searchParams.get("t") ?? "";
  const form = await readForm(request);
  const values = { mobile: String(form.get("mobile") ?? "").trim(), smsCode: String(form.get("smsCode") ?? "").trim(), name: String(form.get("name") ?? "").trim(), availabilityId: String(form.get("availabilityId") ?? "") };
  try {
    if (form.get("intent") === "sms") {
      await publicCall(request, { path: "/public/find-ship/sms", body: { mobile: values.mobile } });
      return json<ActionData>({ sent: true, values });
    }
    if (!/^[1-9]\d{0,14}$/.test(values.availabilityId)) return json<ActionData>({ error: "请选择一艘船舶", values }, { status: 400 });
    const done = await publicCall<{ inquiryNo: string }>(request, { path: "/public/select-ship", body: { t, availabilityId: Number(values.availabilityId), mobile: values.mobile, smsCode: values.smsCode, name: values.name } });
    return json<ActionData>({ inquiryNo: done.inquiryNo, values });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "network") throw error;
    return json<ActionData>({ error: platformMessage(error), values }, { status: 400 });
  }
}

export default function H5SelectShipPage() {
  const { view, message } = useLoaderData<typeof loader>() as unknown as { view: SelectShipView | null; message: string | null };
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto min-h-screen max-w-[480px] bg-gray-50 pb-6">
      <header className="bg-primary px-4 py-3 text-white"><h1 className="text-base font-semibold">选船</h1></header>
      {message ? <p className="m-6 text-center text-sm text-muted" role="status">{message}</p> : null}
      {view ? (
        <>
          <section className="m-3 rounded-lg bg-white p-4 text-sm shadow-sm" data-testid="h5-supply">
            <h2 className="mb-1 font-semibold">货源 {view.supply.supplyNo}</h2>
            <p>{view.supply.cargoName} · {view.supply.route}</p>
            <p className="text-muted">剩余 {view.supply.remainingKg == null ? "不限" : `${kgToTonnes(view.supply.remainingKg)} 吨`} · 装货 {view.supply.loadingFrom.slice(0, 10)} 至 {view.supply.loadingTo.slice(0, 10)}</p>
            <p className="text-xs text-muted">链接有效期至 {chinaDateTime(view.expiresAt)}</p>
          </section>
          {result?.inquiryNo ? (
            <p className="m-3 rounded bg-green-50 p-3 text-sm text-success" role="status" data-testid="h5-select-done">已提交选船意向 {result.inquiryNo}，货主将尽快与您联系。</p>
          ) : (
            <Form method="post" className="m-3 space-y-2" aria-label="选择船舶">
              {result?.error ? <p className="alert-error" role="alert">{result.error}</p> : null}
              {result?.sent ? <p className="text-xs text-success" role="status">验证码已发送，5 分钟内有效</p> : null}
              <fieldset className="space-y-2" data-testid="h5-candidates">
                <legend className="mb-1 text-sm font-medium">可选船舶（{view.candidates.length}）</legend>
                {view.candidates.length === 0 ? <p className="py-6 text-center text-sm text-muted">暂无合适的空船，请稍后再看</p> : null}
                {view.candidates.map((a) => (
                  <label key={a.id} className="flex gap-2 rounded-lg bg-white p-3 shadow-sm">
                    <input type="radio" name="availabilityId" value={a.id} defaultChecked={result?.values?.availabilityId === String(a.id)} />
                    <span className="text-sm">
                      <span className="font-semibold">{a.shipName}</span> · {a.shipType} · 载重 {kgToTonnes(a.deadweightKg)} 吨
                      <span className="block text-xs text-muted">{a.emptyPort} · {a.emptyFrom} 至 {a.emptyTo} · 可载 {kgToTonnes(a.availableLoadKg)} 吨{a.expectedPriceFen != null ? ` · ${fenToYuan(a.expectedPriceFen)} 元/吨` : ""}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <div className="space-y-2 rounded-lg bg-white p-3 shadow-sm">
                <input className="input w-full" name="name" placeholder="您的称呼" maxLength={32} defaultValue={result?.values?.name} aria-label="您的称呼" />
                <div className="flex gap-2">
                  <input className="input min-w-0 flex-1" name="mobile" inputMode="tel" maxLength={11} placeholder="手机号" defaultValue={result?.values?.mobile} aria-label="手机号" />
                  <button className="btn shrink-0" type="submit" name="intent" value="sms" disabled={busy}>获取验证码</button>
                </div>
                <input className="input w-full" name="smsCode" inputMode="numeric" maxLength={6} placeholder="短信验证码" aria-label="短信验证码" />
                <button className="btn btn-primary w-full" type="submit" name="intent" value="choose" disabled={busy}>确认选船</button>
              </div>
            </Form>
          )}
        </>
      ) : null}
      <p className="pt-4 text-center text-sm"><Link to="/h5findShip" className="text-primary">查看全部空船</Link></p>
    </main>
  );
}
export { shouldRevalidate } from "~/lib/revalidate";
