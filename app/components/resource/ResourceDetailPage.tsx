import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { actionSpecOf, detailSections } from "../../../contract/resources/derive";
import type { AnyResource } from "../../../contract/resources/kit";
import { formatDateTime } from "~/lib/format";
import { hrefFor, rowAllows, type AuditPage, type DetailPage } from "~/pages/kit";
import type { detailLoader } from "~/services/resource-pages.server";
import { AuditForm } from "./AuditForm";
import { cellOf } from "./cells";
import { ConfirmDialog } from "./ConfirmDialog";
import { DictChoicesContext } from "./dict-choices";
import { columnsOf } from "~/pages/columns";
import { ResourceTable, type Row } from "./ResourceTable";
import { actionLabel, useConfirmHref } from "./RowActions";
import { useMayOpen, useViewerRoles } from "~/components/ui/Permission";
import { hasPermission } from "~/navigation";
import { SENSITIVE_VIEW } from "../../../contract/personal";

type ActionData = { revealed?: { field: string; value: string | null }; error?: string | null; fieldErrors?: Record<string, string[] | null> | null; result?: SubmissionResult<string[]> } | undefined;

/** 查看完整 beside a masked ID number, for a holder of 查看完整证件号: a form post (the platform logs it), so it works without JavaScript. */
function RevealButton({ field, id }: { field: string; id: unknown }) {
  return (
    <Form method="post" className="inline" preventScrollReset>
      <input type="hidden" name="intent" value="reveal" />
      <input type="hidden" name="id" value={String(id)} />
      <input type="hidden" name="field" value={field} />
      <button type="submit" className="ml-2 text-xs text-primary underline" data-reveal={field}>查看完整</button>
    </Form>
  );
}

/** A record's sections as labelled rows; masked ID numbers with 查看完整 for those who may, the revealed one in full. */
export function Descriptions({ def, record, revealed }: { def: AnyResource; record: Record<string, unknown>; revealed?: { field: string; value: string | null } }) {
  const mayReveal = hasPermission(useViewerRoles(), [SENSITIVE_VIEW]);
  return (
    <>
      {detailSections(def).map(({ title, fields }) => (
        <section key={title} className="card" aria-label={title}>
          <h2 className="page-title">{title}</h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 xl:grid-cols-3">
            {fields.map(([key, field]) => (
              <div key={key} className="flex min-w-0 gap-2">
                <dt className="w-28 shrink-0 text-muted">{field.label}</dt>
                <dd className="min-w-0 break-words text-gray-800" data-field={key}>
                  {revealed?.field === key ? <span data-revealed={key}>{revealed.value ?? ""}</span> : cellOf(field, record[key], record, key)}
                  {mayReveal && field.mask === "idCard" && record[key] && revealed?.field !== key ? <RevealButton field={key} id={record.id} /> : null}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}

/** The record's history from resource_events, newest first. */
function History({ events }: { events: Array<{ id: number; actionLabel: string; operatorName: string; createdTime: string; remark: string | null }> }) {
  return (
    <section className="card" aria-label="操作记录">
      <h2 className="page-title">操作记录</h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted">暂无记录</p>
      ) : (
        <ol className="space-y-2 text-sm" data-testid="resource-events">
          {events.map((e) => (
            <li key={e.id} className="border-l-2 border-gray-200 pl-3">
              <span className="font-medium text-gray-800">{e.actionLabel}</span>
              <span className="ml-2 text-muted">{e.operatorName} · {formatDateTime(e.createdTime)}</span>
              {e.remark ? <p className="text-gray-600">意见：{e.remark}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * A record's detail (and, on an audit page, the audit form while the record awaits it): sections of
 * the definition, related lists, the history, and the buttons the platform allows.
 */
export function ResourceDetailPage({ page, after }: { page: DetailPage | AuditPage; after?: (data: ReturnType<typeof useLoaderData<typeof detailLoader>>) => ReactNode }) {
  const data = useLoaderData<typeof detailLoader>();
  const actionData = useActionData() as ActionData;
  const confirmHref = useConfirmHref();
  const { def } = page;
  const record = data.record as unknown as Row & { version: number };
  const title = String(record[def.titleField] ?? record.id);
  const auditKeys = Object.entries(def.status?.transitions ?? {})
    .filter(([key, t]) => page.kind === "audit" && t.group === page.group && record.actions.includes(key))
    .map(([key]) => key);
  const buttons = page.kind === "detail" ? page.actions.filter((key) => rowAllows(def, record.actions, key)) : [];
  // Back to the list only for a viewer who may open it (a driver reaches an appeal from his waybill, not from 风险申诉).
  const mayOpenList = useMayOpen(page.links.list);
  return (
    <DictChoicesContext.Provider value={data.dicts ?? {}}>
    <div className="space-y-3">
      <section className="card">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="page-title mb-0">
            {data.title} · {title}
            {def.status ? <span className="ml-2 align-middle">{cellOf({ ...def.fields[def.status.field], kind: "enum", options: def.status.states, format: String } as never, record[def.status.field], record)}</span> : null}
          </h2>
          <div className="flex flex-wrap gap-2">
            {buttons.map((key) => {
              const own = page.links.actions?.[key];
              const link = key === "edit" ? hrefFor(page.links.edit, record.id) : key === "audit" ? hrefFor(page.links.audit, record.id) : own ? hrefFor(own, record.id) : key === "detail" ? undefined : confirmHref(key, record.id);
              return link ? (
                <Link key={key} to={link} className={key === "delete" || actionSpecOf(def, key)?.tone === "danger" ? "btn btn-danger" : "btn"} data-action={key} preventScrollReset>
                  {actionLabel(def, key, page.links)}
                </Link>
              ) : null;
            })}
            {mayOpenList ? <Link to={page.links.list!} className="btn">返回列表</Link> : null}
          </div>
        </div>
        {data.notice ? <p className="alert-success mt-3" role="status">{data.notice}</p> : null}
      </section>
      {page.kind === "audit" ? (
        <section className="card" aria-label={page.form?.heading ?? "审核"}>
          <h2 className="page-title">{page.form?.heading ?? "审核"}</h2>
          {auditKeys.length ? <AuditForm def={def} keys={auditKeys} version={record.version} lastResult={actionData?.result} labels={page.form} title={title} /> : <p className="text-sm text-muted">该{def.name}当前不能{page.form?.heading ?? "审核"}（{cellOf({ kind: "enum", options: def.status?.states, format: String } as never, record[def.status?.field ?? ""], record)}）。</p>}
        </section>
      ) : null}
      {actionData?.error && !data.confirm ? <p className="alert-error" role="alert">{actionData.error}</p> : null}
      <Descriptions def={def} record={record} revealed={actionData?.revealed} />
      {data.related.map((section) => {
        const related = page.related?.find((r) => r.title === section.title);
        const target = related?.page();
        if (!target) return null;
        return (
          <section key={section.title} className="card" aria-label={section.title}>
            <div className="flex items-center justify-between gap-2">
              <h2 className="page-title">{section.title}</h2>
              {related?.createHref ? <Link to={related.createHref(record)} className="btn">上传{section.title}</Link> : null}
            </div>
            {"error" in section.data ? (
              <p className="alert-error">{section.data.error}</p>
            ) : (
              <ResourceTable def={target.def} records={section.data.records as Row[]} columns={columnsOf(target.def, target.columns)} rowActions={target.rowActions} links={target.links} empty={`暂无${target.def.name}`} label={section.title} confirmPrefix={target.def.key} />
            )}
          </section>
        );
      })}
      {after ? after(data) : null}
      <History events={data.record.events} />
      {data.confirm ? (
        <ConfirmDialog
          def={data.confirm.resource === def.key ? def : (page.related?.map((r) => r.page().def).find((d) => d.key === data.confirm!.resource) ?? def)}
          record={data.confirm.record as unknown as Row & { version: number }}
          action={data.confirm.action}
          closeHref={data.pageHref}
          error={actionData?.error}
          fieldErrors={actionData?.fieldErrors}
        />
      ) : null}
    </div>
    </DictChoicesContext.Provider>
  );
}
