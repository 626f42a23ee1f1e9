import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { StatusTag } from "~/components/freight/StatusTag";
import { kgToTonnes } from "~/lib/format";
import { DRIVER_TABS, WAY_WORDS, statusHint } from "~/lib/driver";
import { DRIVER_PAPERS } from "~/lib/driver-papers";
import { DRIVER_HOME } from "~/navigation";
import type { DriverCard, DriverHomeLoader } from "~/services/pages/driver.server";
import { PositionPanel } from "./PositionReporter";

const tonnes = (kg: number | null) => (kg == null ? "-" : `${kgToTonnes(kg)} 吨`);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3 border-b border-gray-100 py-2 last:border-0">
      <dt className="w-16 shrink-0 text-gray-600">{label}</dt>
      <dd className="min-w-0 flex-1 break-words text-gray-900">{children}</dd>
    </div>
  );
}

/** Where from and where to, the cargo and the weights: what every card of his says first. */
export function WaybillFacts({ card }: { card: DriverCard }) {
  const words = WAY_WORDS[card.freightWay];
  return (
    <>
      <Fact label={words.loadingPlace}>
        <span className="font-semibold">{card.loadingPlace}</span>
        {card.loadingAddress && card.loadingAddress !== card.loadingPlace ? <span className="block text-sm text-gray-600">{card.loadingAddress}</span> : null}
      </Fact>
      <Fact label={words.unloadingPlace}>
        <span className="font-semibold">{card.unloadingPlace}</span>
        {card.unloadingAddress && card.unloadingAddress !== card.unloadingPlace ? <span className="block text-sm text-gray-600">{card.unloadingAddress}</span> : null}
      </Fact>
      <Fact label="货物">{card.cargoCategory}</Fact>
      <Fact label="计划重量">{tonnes(card.plannedWeight)}</Fact>
      {card.loadedWeight != null ? <Fact label="装货重量">{tonnes(card.loadedWeight)}</Fact> : null}
      {card.unloadedWeight != null ? <Fact label="卸货重量">{tonnes(card.unloadedWeight)}</Fact> : null}
      {card.conveyance ? <Fact label={words.conveyance}>{card.conveyance}</Fact> : null}
    </>
  );
}

/** His home (我的运单): the current waybill with its next step as one large button, then his lists. */
export function DriverHomePage() {
  const data = useLoaderData<DriverHomeLoader>();
  const current = data.current;
  const passwordSet = useSearchParams()[0].get("password") === "set";
  return (
    <>
      <h1 className="sr-only">我的运单</h1>
      {data.done ? (
        <p className="alert-success text-base" role="status" data-testid="driver-done">{data.done}</p>
      ) : null}
      {passwordSet ? <p className="alert-success text-base" role="status" data-testid="driver-password-set">密码已设置。以后用手机号和这个密码登录。</p> : null}
      {current ? (
        <section className="rounded-lg bg-white p-4 shadow-sm" aria-labelledby="current-title" data-testid="driver-current">
          <div className="flex items-center justify-between gap-2">
            <h2 id="current-title" className="text-lg font-semibold">当前运单</h2>
            <StatusTag status={current.status} />
          </div>
          <p className="text-sm text-gray-600">运单号 {current.freightNo}</p>
          <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-base text-warning" data-testid="driver-hint">{statusHint(current.status, current.freightWay)}</p>
          {current.abnormalReason ? <p className="alert-error mt-2 text-base">异常：{current.abnormalReason}</p> : null}
          <dl className="mt-2 text-base">
            <WaybillFacts card={current} />
            <Fact label="企业">{current.orgName}</Fact>
            <Fact label="调度">
              {current.dispatcherName}
              {current.dispatcherMobile ? (
                <a href={`tel:${current.dispatcherMobile}`} className="driver-tap ml-2 inline-flex items-center rounded border border-primary px-3 text-primary" data-testid="dispatcher-phone">
                  拨打 {current.dispatcherMobile}
                </a>
              ) : null}
            </Fact>
          </dl>
          {current.next ? (
            <Link to={current.next.href} className="driver-button btn-primary mt-3" data-testid="driver-next-step">{current.next.label}</Link>
          ) : null}
        </section>
      ) : (
        <section className="rounded-lg bg-white p-4 text-base shadow-sm" data-testid="driver-current">
          <h2 className="text-lg font-semibold">当前运单</h2>
          <p className="mt-2 text-gray-700">现在没有要装货或运输中的运单。企业派单后会在这里显示。</p>
        </section>
      )}
      <PositionPanel plan={data.position} />
      <section className="rounded-lg bg-white shadow-sm" aria-label="我的运单列表">
        <nav className="grid grid-cols-3 border-b border-gray-200" aria-label="运单分类">
          {DRIVER_TABS.map((tab) => (
            <Link
              key={tab.key}
              to={`${DRIVER_HOME}?tab=${tab.key}`}
              aria-current={tab.key === data.tabKey ? "page" : undefined}
              className={`driver-tap -mb-px flex items-center justify-center border-b-2 text-base ${tab.key === data.tabKey ? "border-primary font-semibold text-primary" : "border-transparent text-gray-600"}`}
            >
              {tab.label}（{data.counts[tab.key]}）
            </Link>
          ))}
        </nav>
        {data.list.records.length ? (
          <ul className="divide-y divide-gray-100" data-testid="driver-list">
            {data.list.records.map((card) => (
              <li key={card.freightNo} className="p-4" data-testid="driver-waybill">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm text-gray-600">运单号 {card.freightNo}</span>
                  <StatusTag status={card.status} bare />
                </div>
                <p className="mt-1 break-words text-base font-semibold">
                  {card.loadingPlace} → {card.unloadingPlace}
                </p>
                <p className="text-base text-gray-700">
                  {card.cargoCategory} · 计划 {tonnes(card.plannedWeight)}
                  {card.unloadedWeight != null ? ` · 卸货 ${tonnes(card.unloadedWeight)}` : card.loadedWeight != null ? ` · 装货 ${tonnes(card.loadedWeight)}` : ""}
                </p>
                <p className="text-sm text-gray-600">{card.orgName}</p>
                {card.next ? (
                  <Link to={card.next.href} className="driver-button btn-primary mt-2 text-base">{card.next.label}</Link>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="p-4 text-base text-gray-600">这里还没有运单。</p>
        )}
        <Pager tab={data.tabKey} total={data.list.total} current={data.list.current} size={data.list.size} />
      </section>
      <Link to={DRIVER_PAPERS} className="driver-button btn bg-white" data-testid="driver-papers-link">我的证照（身份证、驾驶证等）</Link>
    </>
  );
}

function Pager({ tab, total, current, size }: { tab: string; total: number; current: number; size: number }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const href = (page: number) => `${DRIVER_HOME}?tab=${tab}&current=${page}`;
  return (
    <nav className="flex items-center justify-between gap-2 border-t border-gray-100 p-3 text-base" aria-label="翻页">
      {current > 1 ? <Link to={href(current - 1)} className="driver-tap btn px-4">上一页</Link> : <span />}
      <span className="text-gray-600">第 {current} / {pages} 页</span>
      {current < pages ? <Link to={href(current + 1)} className="driver-tap btn px-4">下一页</Link> : <span />}
    </nav>
  );
}
