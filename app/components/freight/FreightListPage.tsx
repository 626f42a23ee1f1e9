import { RowActionMenu } from "~/components/ui/RowActionMenu";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { hasTrack, isUnderWay, mayTake } from "../../../contract/freight-steps";
import type { FreightAction } from "../../../contract/freight";
import { FREIGHT_ROW_STEP_PAGES, type FreightRow } from "~/lib/freight-row";
import { appealSubmitHref, APPEAL_ROLES } from "~/lib/appeal-links";
import { Dialog } from "~/components/ui/Dialog";
import { useMessage } from "~/components/ui/Message";
import { Pagination } from "~/components/ui/Pagination";
import { footerSums } from "~/lib/footer-sums";
import { Permission } from "~/components/ui/Permission";
import type { FreightListActionData, loadFreightList, RowDialogKind } from "~/services/pages/freight.server";
import { FreightFilterForm } from "./FreightFilterForm";
import { freightDetailHref, freightStepHref, monitorHref, trackPlaybackHref } from "~/lib/freight-links";
import { FreightTable } from "./FreightTable";
import { RequiredMark } from "~/components/ui/FieldParts";

const BATCH_FORM = "freight-batch-complete";

/** Adds a dialog parameter to the list's address (the row's 取消 / 完成 links). */
function withDialog(listHref: string, kind: RowDialogKind, id: number): string {
  const [path, search = ""] = listHref.split("?");
  const params = new URLSearchParams(search);
  params.set(kind, String(id));
  return `${path}?${params}`;
}

/** A row's links: the steps the platform allows the caller on it now (`record.actions`), and the pages every waybill has. */
function RowActions({ record, listHref }: { record: FreightRow; listHref: string }) {
  const { freightWay: way, freightNo, status } = record;
  const may = (action: FreightAction) => record.actions.includes(action);
  const step = (label: string, href: string) => <a href={href}>{label}</a>;
  return (
    <RowActionMenu label={freightNo}>
      {step("详情", freightDetailHref(way, freightNo))}
      {FREIGHT_ROW_STEP_PAGES.map(([label, page, offeredBy]) => (offeredBy.some(may) ? <a key={page} href={freightStepHref(page, way, freightNo)}>{label}</a> : null))}
      {hasTrack(status) ? step("轨迹", trackPlaybackHref(way, freightNo)) : null}
      {isUnderWay(status) ? step("监控", monitorHref(freightNo)) : null}
      {record.abnormal ? <Permission roles={APPEAL_ROLES.submit}>{step("申诉", appealSubmitHref(freightNo))}</Permission> : null}
      {may("COMPLETE") ? (
        <a href={withDialog(listHref, "complete", record.id)} data-prevent-scroll-reset="">完成</a>
      ) : null}
      {may("CANCEL") ? (
        <a href={withDialog(listHref, "cancel", record.id)} data-prevent-scroll-reset="" className="text-danger">取消</a>
      ) : null}
    </RowActionMenu>
  );
}

/** The file name a Content-Disposition header offers, preferring the UTF-8 one. */
function dispositionFileName(header: string | null): string {
  const utf8 = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? "运单列表.xlsx";
}

/**
 * 导出: a plain link to the export route (a download without JavaScript). With JavaScript it fetches
 * first, so an error the platform reports is shown as a message instead of a JSON page.
 */
function ExportLink({ href }: { href: string }) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(href, { headers: { Accept: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json" } });
      if (response.redirected && new URL(response.url).pathname === "/login") {
        window.location.assign(response.url);
        return;
      }
      const type = response.headers.get("Content-Type") ?? "";
      if (!response.ok || type.includes("json") || type.includes("html")) {
        const body = type.includes("json") ? ((await response.json().catch(() => null)) as { errorMsg?: string } | null) : null;
        message("error", body?.errorMsg || `导出失败（HTTP ${response.status}）`);
        return;
      }
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = dispositionFileName(response.headers.get("Content-Disposition"));
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      message("error", "导出失败，请检查网络后重试");
    } finally {
      setBusy(false);
    }
  };
  return (
    <a href={href} download onClick={onClick} className="btn" aria-busy={busy || undefined}>
      {busy ? "导出中…" : "导出"}
    </a>
  );
}

/**
 * A waybill list page: filter form, table with row actions, row checkboxes and 批量完成 for
 * 已确认 waybills, footer sums over the whole filter, and 导出 of the filter.
 */
export function FreightListPage({ title }: { title: string }) {
  const data = useLoaderData<typeof loadFreightList>();
  const actionData = useActionData<FreightListActionData>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { result, userType, listHref } = data;
  const batch = mayTake("COMPLETE", userType);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const backToList = (open: boolean) => {
    if (!open) navigate(listHref, { preventScrollReset: true });
  };

  const confirmIds = actionData?.intent === "batch-confirm" || actionData?.intent === "batch-complete" ? actionData.ids : [];
  const [selected, setSelected] = useState<Set<number>>(() => new Set(confirmIds));
  // Other rows or statuses (paging, filtering, completing) start with nothing selected; a reload of the same rows keeps it.
  const rowsKey = result.records.map((r) => `${r.id}:${r.status}`).join(",");
  useEffect(() => setSelected(new Set()), [rowsKey]);

  const rowDialogKind = actionData?.intent === "cancel" || actionData?.intent === "complete" ? actionData.intent : data.dialog?.kind;
  const rowDialogId = actionData?.intent === "cancel" || actionData?.intent === "complete" ? actionData.id : data.dialog?.id;
  const dialogRecord = rowDialogKind ? result.records.find((r) => r.id === rowDialogId) ?? null : null;
  const rowError = actionData && "id" in actionData ? actionData.error : undefined;
  const reasonError = actionData?.intent === "cancel" ? actionData.fieldErrors?.reason : undefined;
  const batchDialog = actionData?.intent === "batch-confirm" || (actionData?.intent === "batch-complete" && actionData.ids.length > 0);
  const topError = actionData?.intent === "unknown" || (actionData?.intent === "batch-complete" && actionData.ids.length === 0) ? actionData.error : null;
  const byId = new Map(result.records.map((r) => [r.id, r]));

  return (
    <section className="card" aria-labelledby="freight-list-title">
      <div className="list-head">
        <h2 id="freight-list-title" className="page-title mb-0">{title}</h2>
        <div className="flex flex-wrap gap-2">
          {batch ? (
            <button type="submit" form={BATCH_FORM} name="intent" value="batch-confirm" className="btn btn-primary" disabled={busy || (hydrated && selected.size === 0)}>
              批量完成{selected.size > 0 ? `（${selected.size}）` : ""}
            </button>
          ) : null}
          <ExportLink href={data.exportHref} />
        </div>
      </div>

      <FreightFilterForm values={data.values} errors={data.errors} showFreightWay={data.showFreightWay} omit={data.omit} carry={{ size: String(result.size) }} />

      {data.notice ? <p className="alert-success mb-3" role="status">{data.notice}</p> : null}
      {data.searchError ? <p className="alert-error mb-3" role="alert">{data.searchError}</p> : null}
      {topError ? <p className="alert-error mb-3" role="alert">{topError}</p> : null}

      <Form method="post" id={BATCH_FORM} preventScrollReset />
      <FreightTable
        records={result.records}
        label={title}
        actions={(record) => <RowActions record={record} listHref={listHref} />}
        selection={batch ? { form: BATCH_FORM, selectable: (r) => r.actions.includes("COMPLETE"), selected, onChange: setSelected } : undefined}
      />
      <Pagination total={result.total} current={result.current} size={result.size} sums={footerSums(result.sums)} selectedCount={selected.size} />

      <Dialog
        open={!!dialogRecord}
        onOpenChange={backToList}
        title={rowDialogKind === "cancel" ? "取消运单" : "完成运单"}
        data-testid="freight-row-dialog"
        footer={
          dialogRecord ? (
            <>
              <Link to={listHref} preventScrollReset className="btn">返回</Link>
              <button type="submit" form="freight-row-form" className={rowDialogKind === "cancel" ? "btn btn-danger" : "btn btn-primary"} disabled={busy}>
                {rowDialogKind === "cancel" ? "确认取消" : "确认完成"}
              </button>
            </>
          ) : null
        }
      >
        {dialogRecord ? (
          <Form method="post" id="freight-row-form" preventScrollReset className="space-y-3 whitespace-normal">
            <input type="hidden" name="intent" value={rowDialogKind} />
            <input type="hidden" name="id" value={dialogRecord.id} />
            <p>
              {rowDialogKind === "cancel" ? "确定取消运单" : "确定将运单"} <b>{dialogRecord.freightNo}</b>
              {rowDialogKind === "cancel" ? "？取消后不能恢复，计划重量将退回订单。" : "标记为已完成？"}
            </p>
            {rowDialogKind === "cancel" ? (
              <div>
                <label htmlFor="cancel-reason" className="mb-1 block text-sm text-gray-600">取消原因<RequiredMark /></label>
                <textarea
                  id="cancel-reason"
                  name="reason"
                  required
                  maxLength={200}
                  rows={3}
                  className={`input h-auto py-1 ${reasonError ? "input-error" : ""}`}
                  aria-invalid={reasonError ? true : undefined}
                />
                {reasonError ? <p className="field-error">{reasonError}</p> : null}
              </div>
            ) : null}
            {rowError ? <p className="alert-error" role="alert">{rowError}</p> : null}
          </Form>
        ) : null}
      </Dialog>

      <Dialog
        open={batchDialog}
        onOpenChange={backToList}
        title="批量完成运单"
        data-testid="freight-batch-dialog"
        footer={
          <>
            <Link to={listHref} preventScrollReset className="btn">返回</Link>
            <button type="submit" form="freight-batch-confirm" className="btn btn-primary" disabled={busy}>确认完成</button>
          </>
        }
      >
        <Form method="post" id="freight-batch-confirm" preventScrollReset className="space-y-2 whitespace-normal">
          <input type="hidden" name="intent" value="batch-complete" />
          {confirmIds.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <p>确定将选中的 <b>{confirmIds.length}</b> 条运单标记为已完成？</p>
          <p className="text-xs text-muted">{confirmIds.map((id) => byId.get(id)?.freightNo ?? `id ${id}`).join("、")}</p>
          {actionData?.intent === "batch-complete" && actionData.error ? <p className="alert-error" role="alert">{actionData.error}</p> : null}
        </Form>
      </Dialog>
    </section>
  );
}
