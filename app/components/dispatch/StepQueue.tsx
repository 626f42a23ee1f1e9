import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { FREIGHT_WAY_LABELS, type FreightDetail, type FreightRecord } from "../../../contract/freight";
import { FreightFilterForm } from "~/components/freight/FreightFilterForm";
import { freightDetailHref } from "~/lib/freight-links";
import { FreightTable } from "~/components/freight/FreightTable";
import { StatusTag } from "~/components/freight/StatusTag";
import { Pagination } from "~/components/ui/Pagination";
import { footerSums } from "~/lib/footer-sums";
import { formatDateTime, kgToTonnes } from "~/lib/format";
import { QUEUES, queueForStatus, queueHref, STEP_ACTIONS, stepDoneMessage, stepsOffered, type QueueSpec } from "~/lib/steps";
import type { QueueAction, QueueLoader } from "~/services/pages/queue.server";
import { StepForm } from "./StepForm";
import { specialCharacterProps } from "~/lib/special-characters";

type LoaderData = ReturnType<typeof useLoaderData<QueueLoader>>;
type Selected = NonNullable<LoaderData["selected"]>;

/** The current query without the opened waybill and the last step's notice: the list's own state. */
function useListSearch(): URLSearchParams {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const name of ["freightNo", "done", "doneStep", "doneWay"]) params.delete(name);
  return params;
}

function hrefWith(path: string, base: URLSearchParams, extra: Record<string, string>): string {
  const params = new URLSearchParams(base);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A step work queue (装货, 卸货, 签收, 确认 and the water ones): the success notice of the last step,
 * the opened waybill with the forms of the steps it can take, and the list of waybills waiting.
 */
export function StepQueuePage() {
  const data = useLoaderData<QueueLoader>();
  const queue = QUEUES[data.key];
  const listSearch = useListSearch();
  const tabs = queue.tabs;

  return (
    <div className="space-y-4">
      {data.done ? <DoneNotice queue={queue} done={data.done} /> : null}
      {data.waterDenied ? (
        <section className="card">
          <h2 className="page-title">{queue.title}</h2>
          <p className="alert-info" role="status">您没有水运运单权限，无法查看水运运单。</p>
        </section>
      ) : null}
      {data.selected ? <SelectedPanel queue={queue} selected={data.selected} closeHref={hrefWith(queue.path, listSearch, {})} /> : null}
      {data.list ? (
        <section className="card" aria-labelledby="queue-title">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="queue-title" className="page-title mb-0">{queue.title}</h2>
            <OpenByNumber carry={listSearch} />
          </div>
          {tabs.length > 1 ? (
            <nav className="mb-3 flex gap-1 border-b border-gray-200" aria-label="队列">
              {tabs.map((tab) => (
                <Link
                  key={tab.key}
                  to={hrefWith(queue.path, new URLSearchParams(), tab.key === tabs[0]!.key ? {} : { tab: tab.key })}
                  aria-current={tab.key === data.tabKey ? "page" : undefined}
                  className={`-mb-px border-b-2 px-3 pb-2 text-sm ${tab.key === data.tabKey ? "border-primary text-primary" : "border-transparent text-muted hover:text-primary"}`}
                >
                  {tab.label}
                </Link>
              ))}
            </nav>
          ) : null}
          <FreightFilterForm
            values={data.filterValues}
            errors={data.filterErrors}
            showFreightWay={data.showFreightWay}
            omit={["freightNo", "status", "freightWay"]}
            carry={data.tabKey === tabs[0]!.key ? {} : { tab: data.tabKey }}
          />
          <FreightTable
            records={data.list.records}
            label={`${queue.title}队列`}
            actions={(record) => <RowAction queue={queue} record={record} listSearch={listSearch} />}
          />
          <Pagination total={data.list.total} current={data.list.current} size={data.list.size} sums={footerSums(data.list.sums)} />
        </section>
      ) : null}
    </div>
  );
}

/** Opens a waybill of this queue by its number (the list's own filters search by other fields). */
function OpenByNumber({ carry }: { carry: URLSearchParams }) {
  return (
    <Form method="get" className="flex items-center gap-2" aria-label="按运单号打开">
      {[...carry.entries()].map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="open-freight-no" className="whitespace-nowrap text-sm text-gray-600">运单号</label>
      <input id="open-freight-no" name="freightNo" required maxLength={32} pattern="[A-Za-z0-9]+" placeholder="输入完整运单号" className="input w-48" {...specialCharacterProps(true)} />
      <button type="submit" className="btn">打开</button>
    </Form>
  );
}

function RowAction({ queue, record, listSearch }: { queue: QueueSpec; record: FreightRecord; listSearch: URLSearchParams }) {
  const [step] = stepsOffered(queue, record);
  return (
    <Link
      to={hrefWith(queue.path, listSearch, { freightNo: record.freightNo })}
      className="btn-link"
      aria-label={`${step ? STEP_ACTIONS[step].label : "查看"} 运单 ${record.freightNo}`}
    >
      {step ? STEP_ACTIONS[step].label : "查看"}
    </Link>
  );
}

function DoneNotice({ queue, done }: { queue: QueueSpec; done: NonNullable<LoaderData["done"]> }) {
  const to = STEP_ACTIONS[done.step].to;
  const next = to ? queueForStatus(to, done.freightWay) : null;
  return (
    <p className="alert-success flex flex-wrap items-center gap-x-3 gap-y-1" role="status" data-testid="step-done">
      <span>{stepDoneMessage(done.step, done.freightNo)}</span>
      <Link to={freightDetailHref(done.freightWay, done.freightNo)} className="btn-link">查看运单</Link>
      {next ? (
        <Link to={queueHref(next.queue, next.tab, done.freightNo)} className="btn-link">
          {next.queue.key === queue.key ? "继续处理" : `下一步：${next.queue.title}`}
        </Link>
      ) : null}
    </p>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2 py-1">
      <dt className="w-20 shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-gray-800">{children}</dd>
    </div>
  );
}

const tonnes = (kg: number | null) => (kg == null ? "-" : `${kgToTonnes(kg)} 吨`);

function WaybillFacts({ waybill }: { waybill: FreightDetail }) {
  const water = waybill.freightWay === "WATER";
  return (
    <dl className="text-sm" aria-label="运单信息">
      <Fact label="订单号">{waybill.orderNo}</Fact>
      <Fact label="运输方式">{FREIGHT_WAY_LABELS[waybill.freightWay]}</Fact>
      <Fact label={water ? "船长" : "司机"}>
        {(water ? waybill.captainName : waybill.driverName) ?? "-"} {waybill.carrierMobile}
      </Fact>
      <Fact label={water ? "船舶" : "车牌号"}>{(water ? waybill.shipName : waybill.plateNo) ?? "-"}</Fact>
      <Fact label="货物">{waybill.cargoCategory}（{waybill.shipperName}）</Fact>
      <Fact label="装货地">{waybill.loadingPlace}</Fact>
      <Fact label="卸货地">{waybill.unloadingPlace}</Fact>
      <Fact label="计划重量">{tonnes(waybill.plannedWeight)}</Fact>
      <Fact label="装货重量">{tonnes(waybill.loadedWeight)}</Fact>
      {waybill.unloadedWeight != null ? <Fact label="卸货重量">{tonnes(waybill.unloadedWeight)}</Fact> : null}
      <Fact label="派单时间">{formatDateTime(waybill.createdTime)}</Fact>
      {waybill.loadingTime ? <Fact label="装货时间">{formatDateTime(waybill.loadingTime)}</Fact> : null}
      {waybill.unloadingTime ? <Fact label="卸货时间">{formatDateTime(waybill.unloadingTime)}</Fact> : null}
    </dl>
  );
}

/** The opened waybill: its facts, the platform's refusal of the last try, and its step forms. */
function SelectedPanel({ queue, selected, closeHref }: { queue: QueueSpec; selected: Selected; closeHref: string }) {
  const actionData = useActionData<QueueAction>();
  const mine = actionData && actionData.freightNo === selected.freightNo ? actionData : null;
  const { waybill } = selected;
  return (
    <section className="card" aria-labelledby="step-panel-title" data-testid="step-panel">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="step-panel-title" className="page-title mb-0 flex flex-wrap items-center gap-2">
          {queue.title} · 运单 {selected.freightNo}
          {waybill ? <StatusTag status={waybill.status} /> : null}
        </h2>
        <div className="flex gap-3 text-sm">
          {waybill ? <Link to={freightDetailHref(waybill.freightWay, waybill.freightNo)} className="btn-link">运单详情</Link> : null}
          <Link to={closeHref} className="btn-link">关闭</Link>
        </div>
      </div>
      {mine?.refusal ? (
        <p className="alert-error mb-3" role="alert" data-testid="step-refusal">{mine.refusal}</p>
      ) : null}
      {selected.notice ? <p className="alert-info mb-3" role="status">{selected.notice}</p> : null}
      {selected.handledAt ? (
        <p className="mb-3 text-sm text-gray-600">
          该运单的下一步在「{selected.handledAt.title}」页：
          <Link to={selected.handledAt.href} className="btn-link">去{selected.handledAt.title}</Link>
        </p>
      ) : null}
      {waybill ? (
        <div className="grid gap-6 md:grid-cols-2">
          <WaybillFacts waybill={waybill} />
          {selected.steps.length ? (
            <div className="space-y-6">
              {selected.steps.map((step) => (
                <StepForm
                  key={`${step}-${waybill.status}`}
                  action={step}
                  freightNo={waybill.freightNo}
                  context={{ freightWay: waybill.freightWay, loadedWeight: waybill.loadedWeight, unloadedWeight: waybill.unloadedWeight }}
                  lastResult={mine?.action === step ? mine.result : null}
                />
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
