import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { PublicAvailability } from "../../contract/findship";
import { SHIP_TYPES } from "../../contract/resources/ship";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { titled } from "~/lib/meta";
import { platformMessage } from "~/services/page-data.server";
import { PlatformError } from "~/services/platform.server";
import { publicCall } from "~/services/public-findship.server";
import { readForm } from "~/services/read-form.server";

export const meta = titled("找船");

/** H5 找船 (public, mobile-first): open empty-ship notices with masked contacts; `?id=` opens one with 联系船东. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = { port: (url.searchParams.get("port") ?? "").trim().slice(0, 32), minTonnes: (url.searchParams.get("minTonnes") ?? "").trim().slice(0, 8), shipType: (url.searchParams.get("shipType") ?? "").trim().slice(0, 16) };
  const id = Number(url.searchParams.get("id")) || null;
  try {
    if (id) {
      const card = await publicCall<PublicAvailability>(request, { path: `/public/find-ship/${id}`, method: "GET" });
      return json({ filters, list: [] as PublicAvailability[], card, message: null });
    }
    const list = await publicCall<PublicAvailability[]>(request, { path: "/public/find-ship", method: "GET", query: Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) });
    return json({ filters, list, card: null, message: null });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "not-found") return json({ filters, list: [], card: null, message: "该空船信息不存在或已下架" }, { status: 404 });
    if (error instanceof PlatformError && error.kind !== "network") return json({ filters, list: [], card: null, message: platformMessage(error) }, { status: 400 });
    throw error;
  }
}

type ActionData = { step: "sms" | "contact"; error?: string; sent?: boolean; contact?: { contactName: string; contactMobile: string }; values?: Record<string, string> };

/** 获取验证码, then 联系船东 with the verified mobile: the owner's number shows once the intent is recorded. */
export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  const form = await readForm(request);
  const values = { mobile: String(form.get("mobile") ?? "").trim(), smsCode: String(form.get("smsCode") ?? "").trim(), name: String(form.get("name") ?? "").trim(), content: String(form.get("content") ?? "").trim() };
  const intent = form.get("intent") === "sms" ? "sms" : "contact";
  try {
    if (intent === "sms") {
      await publicCall(request, { path: "/public/find-ship/sms", body: { mobile: values.mobile } });
      return json<ActionData>({ step: "sms", sent: true, values });
    }
    const contact = await publicCall<{ contactName: string; contactMobile: string }>(request, { path: `/public/find-ship/${id}/contact`, body: { ...values, content: values.content || undefined } });
    return json<ActionData>({ step: "contact", contact, values });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "network") throw error;
    return json<ActionData>({ step: intent, error: platformMessage(error), values }, { status: 400 });
  }
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <div className="flex justify-between gap-3 border-b border-gray-100 py-2 text-sm">
    <dt className="shrink-0 text-muted">{label}</dt>
    <dd className="text-right font-medium text-gray-800">{value}</dd>
  </div>
);

function Card({ a }: { a: PublicAvailability }) {
  return (
    <Link to={`/h5findShip?id=${a.id}`} className="block rounded-lg bg-white p-3 shadow-sm" data-testid="h5-ship-card">
      <div className="flex items-center justify-between">
        <span className="font-semibold">{a.shipName}</span>
        <span className="text-xs text-muted">{a.shipType} · {kgToTonnes(a.deadweightKg)} 吨</span>
      </div>
      <p className="mt-1 text-sm text-gray-700">{a.emptyPort}</p>
      <p className="text-xs text-muted">{a.emptyFrom} 至 {a.emptyTo} · 可载 {kgToTonnes(a.availableLoadKg)} 吨{a.expectedPriceFen != null ? ` · ${fenToYuan(a.expectedPriceFen)} 元/吨` : ""}</p>
    </Link>
  );
}

export default function H5FindShipPage() {
  const { filters, list, card, message } = useLoaderData<typeof loader>() as unknown as { filters: Record<"port" | "minTonnes" | "shipType", string>; list: PublicAvailability[]; card: PublicAvailability | null; message: string | null };
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto min-h-screen max-w-[480px] bg-gray-50 pb-6">
      <header className="flex items-center justify-between bg-primary px-4 py-3 text-white">
        <h1 className="text-base font-semibold">{card ? "空船详情" : "找船"}</h1>
        {card ? <Link to="/h5findShip" className="text-sm text-white">返回列表</Link> : null}
      </header>
      {message ? <p className="m-6 text-center text-sm text-muted" role="status">{message}</p> : null}
      {card ? (
        <>
          <section className="m-3 rounded-lg bg-white p-4 shadow-sm" data-testid="h5-ship-detail">
            <h2 className="mb-2 text-lg font-semibold">{card.shipName}</h2>
            <dl>
              <Row label="船舶类型" value={card.shipType} />
              <Row label="载重吨" value={`${kgToTonnes(card.deadweightKg)} 吨`} />
              <Row label="空船地点" value={card.emptyPort} />
              <Row label="空船时间" value={`${card.emptyFrom} 至 ${card.emptyTo}`} />
              <Row label="意向航线" value={card.toPorts ?? "不限"} />
              <Row label="可载重量" value={`${kgToTonnes(card.availableLoadKg)} 吨`} />
              <Row label="期望运价" value={card.expectedPriceFen == null ? "面议" : `${fenToYuan(card.expectedPriceFen)} 元/吨`} />
              <Row label="最近定位日期" value={card.lastPositionDay ?? "暂无定位"} />
              <Row label="联系人" value={result?.contact ? result.contact.contactName : card.contactName} />
              <Row label="联系电话" value={result?.contact ? result.contact.contactMobile : card.contactMobile} />
            </dl>
            <p className="mt-2 text-xs"><Link to={`/shipDetail?id=${card.shipId}`} className="text-primary">查看船舶资料</Link></p>
          </section>
          {result?.contact ? (
            <p className="m-3 rounded bg-green-50 p-3 text-sm text-success" role="status" data-testid="h5-contact-done">已记录您的联系意向，请拨打 <a className="font-semibold underline" href={`tel:${result.contact.contactMobile}`}>{result.contact.contactMobile}</a> 联系船东。</p>
          ) : (
            <Form method="post" className="m-3 space-y-2 rounded-lg bg-white p-4 shadow-sm" aria-label="联系船东">
              <h3 className="font-medium">联系船东</h3>
              <p className="text-xs text-muted">验证手机号后显示船东电话，您的意向将转给船东所在企业跟进。</p>
              {result?.error ? <p className="alert-error" role="alert">{result.error}</p> : null}
              {result?.sent ? <p className="text-xs text-success" role="status">验证码已发送，5 分钟内有效</p> : null}
              <input className="input w-full" name="name" placeholder="您的称呼" maxLength={32} defaultValue={result?.values?.name} aria-label="您的称呼" />
              <div className="flex gap-2">
                <input className="input min-w-0 flex-1" name="mobile" inputMode="tel" maxLength={11} placeholder="手机号" defaultValue={result?.values?.mobile} aria-label="手机号" />
                <button className="btn shrink-0" type="submit" name="intent" value="sms" disabled={busy}>获取验证码</button>
              </div>
              <input className="input w-full" name="smsCode" inputMode="numeric" maxLength={6} placeholder="短信验证码" aria-label="短信验证码" />
              <textarea className="input w-full" name="content" maxLength={200} placeholder="留言（选填）：货物、吨数、航线" aria-label="留言" defaultValue={result?.values?.content} />
              <button className="btn btn-primary w-full" type="submit" name="intent" value="contact" disabled={busy}>联系船东</button>
            </Form>
          )}
        </>
      ) : (
        <>
          <Form method="get" className="m-3 grid grid-cols-2 gap-2 rounded-lg bg-white p-3 shadow-sm" aria-label="找船筛选">
            <input className="input col-span-2" name="port" placeholder="空船港口，如 蚌埠港" defaultValue={filters.port} aria-label="空船港口" />
            <select className="input" name="shipType" defaultValue={filters.shipType} aria-label="船舶类型">
              <option value="">全部船型</option>
              {Object.entries(SHIP_TYPES).map(([k, v]) => <option key={k} value={k}>{v.label}</option>)}
            </select>
            <input className="input" name="minTonnes" inputMode="decimal" placeholder="最小载重吨" defaultValue={filters.minTonnes} aria-label="最小载重吨" />
            <button className="btn btn-primary col-span-2" type="submit">搜索空船</button>
          </Form>
          <div className="space-y-2 px-3" data-testid="h5-ship-list">
            {!message && list.length === 0 ? <p className="py-8 text-center text-sm text-muted">暂无符合条件的空船</p> : null}
            {list.map((a) => <Card key={a.id} a={a} />)}
          </div>
        </>
      )}
      <p className="pt-4 text-center text-sm"><Link to="/download" className="text-primary">下载 App 发布空船</Link></p>
    </main>
  );
}
export { shouldRevalidate } from "~/lib/revalidate";
