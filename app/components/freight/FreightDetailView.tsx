import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DocumentThumb } from "~/components/ui/DocumentUpload";
import type { ReactNode } from "react";
import { FREIGHT_ACTION_LABELS, FREIGHT_STATUS_LABELS, FREIGHT_WAY_LABELS, type FreightComment } from "../../../contract/freight";
import { appealSubmitHref, APPEAL_ROLES } from "~/lib/appeal-links";
import { Permission } from "~/components/ui/Permission";
import { fenToYuan, formatDateTime, kgToTonnes } from "~/lib/format";
import type { FreightDetailActionData, loadFreightDetail } from "~/services/pages/freight.server";
import { monitorHref, trackPlaybackHref } from "~/lib/freight-links";
import { StatusTag } from "./StatusTag";

export type Field = [label: string, value: ReactNode];

const dash = (value: ReactNode) => (value === null || value === undefined || value === "" ? "-" : value);
const tonnes = (kg: number | null) => (kg == null ? "-" : `${kgToTonnes(kg)} 吨`);

export function Section({ title, fields, children, id }: { title: string; fields?: Field[]; children?: ReactNode; id: string }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="page-title">{title}</h2>
      {fields ? (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 xl:grid-cols-3">
          {fields.map(([label, value]) => (
            <div key={label} className="flex min-w-0 gap-2">
              <dt className="w-24 shrink-0 text-muted">{label}</dt>
              <dd className="min-w-0 break-words text-gray-800">{dash(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}

/** A 磅单 as the one thumbnail of documents, opening the full image (or 未上传). */
function TicketLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return <>未上传</>;
  return <DocumentThumb href={url} label={label} />;
}

function Stars({ score }: { score: number }) {
  return (
    <span className="text-warning" role="img" aria-label={`${score} 星`}>
      {"★".repeat(score)}
      <span className="text-control">{"★".repeat(Math.max(0, 5 - score))}</span>
    </span>
  );
}

function CommentItem({ comment, canReply, error, draft }: { comment: FreightComment; canReply: boolean; error?: string; draft?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(comment.id);
  const fieldId = `reply-${comment.id}`;
  return (
    <li className="border-b border-gray-100 py-3 last:border-0" data-testid="freight-comment">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <b>{comment.authorName}</b>
        <Stars score={comment.score} />
        <span className="text-xs text-muted">{formatDateTime(comment.createdTime)}</span>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-700">{comment.content}</p>
      {comment.replyContent ? (
        <div className="mt-2 rounded bg-gray-50 px-3 py-2 text-sm" data-testid="freight-comment-reply">
          <span className="text-muted">平台回复（{comment.replyName ?? "平台"}，{formatDateTime(comment.replyTime)}）：</span>
          <span className="whitespace-pre-wrap break-words">{comment.replyContent}</span>
        </div>
      ) : canReply ? (
        <Form method="post" preventScrollReset className="mt-2 space-y-2" aria-label={`回复 ${comment.authorName} 的评价`}>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="id" value={comment.id} />
          <label htmlFor={fieldId} className="sr-only">回复内容</label>
          <textarea
            id={fieldId}
            name="replyContent"
            rows={2}
            required
            maxLength={500}
            defaultValue={draft}
            placeholder="回复司机的评价（最多 500 字）"
            className={`input h-auto py-1 ${error ? "input-error" : ""}`}
            aria-invalid={error ? true : undefined}
          />
          {error ? <p className="field-error" role="alert">{error}</p> : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? "提交中…" : "回复"}</button>
        </Form>
      ) : (
        <p className="mt-2 text-xs text-muted">平台暂未回复</p>
      )}
    </li>
  );
}

/**
 * A waybill's detail page (spec 2.2 wayillDetails/index and waterIndex): every field in sections,
 * the event timeline, the transport contract, and the driver's comments with the platform's reply.
 */
export function FreightDetailView() {
  const { detail: d, canReply, notice } = useLoaderData<typeof loadFreightDetail>();
  const actionData = useActionData<FreightDetailActionData>();
  const water = d.freightWay === "WATER";
  const carrierLabel = water ? "船长" : "司机";

  const basic: Field[] = [
    ["运单号", d.freightNo],
    ["运输方式", FREIGHT_WAY_LABELS[d.freightWay]],
    ["状态", <StatusTag key="status" status={d.status} />],
    ["订单号", d.orderNo],
    ["所属企业", d.orgName],
    ["托运人", d.shipperName],
    ["货物品类", d.cargoCategory],
    ["合同编号", d.contractNo],
    ["调度人", d.dispatch.dispatcherName],
    ["派单时间", formatDateTime(d.dispatch.dispatchTime)],
    ["创建时间", formatDateTime(d.createdTime)],
    ["异常", d.abnormal ? <span key="abnormal" className="text-danger">{d.abnormalReason ?? "异常"}</span> : "无"],
    ...(d.status === "CANCELLED" ? ([["取消时间", formatDateTime(d.cancelTime)], ["取消原因", d.cancelReason]] as Field[]) : []),
  ];
  const places: Field[] = [
    ["装货地", d.loadingPlace],
    ["装货地址", d.loadingAddress],
    ["卸货地", d.unloadingPlace],
    ["卸货地址", d.unloadingAddress],
    ["装货时间", formatDateTime(d.loadingTime)],
    ["卸货时间", formatDateTime(d.unloadingTime)],
    ["签收时间", formatDateTime(d.signTime)],
    ["确认时间", formatDateTime(d.confirmTime)],
    ["完成时间", formatDateTime(d.completeTime)],
    ["装货磅单", <TicketLink key="loading" url={d.loadingTicketUrl} label="装货磅单" />],
    ["卸货磅单", <TicketLink key="unloading" url={d.unloadingTicketUrl} label="卸货磅单" />],
  ];
  const weights: Field[] = [
    ["计划重量", tonnes(d.plannedWeight)],
    ["装货重量", tonnes(d.loadedWeight)],
    ["提货重量", tonnes(d.pickupWeight)],
    ["卸货重量", tonnes(d.unloadedWeight)],
    ["运价", `${fenToYuan(d.unitPrice)} 元/吨`],
    ["运费", `${fenToYuan(d.freightAmount)} 元`],
  ];
  const carrier: Field[] = water
    ? [
        ["船长", d.captainName],
        ["联系电话", d.carrierMobile],
        ["船名", d.shipName],
      ]
    : [
        ["司机", d.driverName],
        ["联系电话", d.carrierMobile],
        ["车牌号", d.plateNo],
        ["GPS 设备", d.gpsDeviceNo ?? "未绑定"],
      ];
  carrier.push(["轨迹点", `${d.trackPointCount} 个`]);

  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {water ? "水运运单详情" : "运单详情"}
          <span className="font-normal text-gray-600">{d.freightNo}</span>
          <StatusTag status={d.status} />
        </h2>
        <div className="flex flex-wrap gap-2">
          {d.abnormal ? (
            <Permission roles={APPEAL_ROLES.submit}>
              <Link to={appealSubmitHref(d.freightNo)} className="btn btn-primary">提交申诉</Link>
            </Permission>
          ) : null}
          <Link to={trackPlaybackHref(d.freightWay, d.freightNo)} className="btn">轨迹回放</Link>
          <Link to={monitorHref(d.freightNo)} className="btn">查看监控</Link>
          <Link to="/dispatchManage/waybillList" className="btn">返回运单列表</Link>
        </div>
      </div>
      {notice ? <p className="alert-success" role="status">{notice}</p> : null}

      <Section id="freight-basic" title="基本信息" fields={basic} />
      <Section id="freight-places" title="装卸信息" fields={places} />
      <Section id="freight-weights" title="重量与运费" fields={weights} />
      <Section id="freight-carrier" title={water ? "船长船舶" : "司机车辆"} fields={carrier}>
        <p className="mt-3 text-sm">
          <Link to={trackPlaybackHref(d.freightWay, d.freightNo)} className="text-primary hover:underline">查看{carrierLabel}轨迹回放</Link>
        </p>
      </Section>

      <Section id="freight-events" title="运单动态">
        {d.events.length === 0 ? (
          <p className="text-sm text-muted">暂无数据</p>
        ) : (
          <ol className="relative ml-2 border-l border-gray-200" data-testid="freight-timeline">
            {d.events.map((e) => (
              <li key={e.id} className="mb-4 ml-4 last:mb-0">
                <span className="absolute -left-[5px] mt-1.5 h-2.5 w-2.5 rounded-full bg-primary" aria-hidden />
                <div className="flex flex-wrap items-center gap-x-3 text-sm">
                  <b>{FREIGHT_ACTION_LABELS[e.action]}</b>
                  <span className="text-muted">
                    {e.fromStatus ? `${FREIGHT_STATUS_LABELS[e.fromStatus]} → ` : ""}
                    {FREIGHT_STATUS_LABELS[e.toStatus]}
                  </span>
                  <span className="text-muted">操作人：{e.operatorName}</span>
                  <time className="text-xs text-muted" dateTime={e.createdTime}>{formatDateTime(e.createdTime)}</time>
                </div>
                {e.remark ? <p className="mt-0.5 break-words text-sm text-gray-600">{e.remark}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section
        id="freight-contract"
        title="运输合同"
        fields={[
          ["合同编号", d.contract.contractNo],
          ["合同名称", d.contract.title],
          ["甲方", d.contract.partyA],
          ["乙方", d.contract.partyB],
          ["签订时间", formatDateTime(d.contract.signedTime)],
          ["有效期", d.contract.validFrom || d.contract.validTo ? `${formatDateTime(d.contract.validFrom)} 至 ${formatDateTime(d.contract.validTo)}` : "-"],
        ]}
      >
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-primary">合同条款</summary>
          <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-gray-50 p-3 font-sans text-gray-700">{d.contract.terms}</pre>
        </details>
      </Section>

      <Section id="freight-comments" title={`${carrierLabel}评价`}>
        {d.comments.length === 0 ? (
          <p className="text-sm text-muted">暂无评价</p>
        ) : (
          <ul>
            {d.comments.map((c) => (
              <CommentItem key={c.id} comment={c} canReply={canReply} error={actionData?.commentId === c.id ? actionData.error : undefined}
                draft={actionData?.commentId === c.id ? actionData.replyContent : undefined}
              />
            ))}
          </ul>
        )}
        {actionData && actionData.commentId === null ? <p className="alert-error mt-2" role="alert">{actionData.error}</p> : null}
      </Section>
    </div>
  );
}
