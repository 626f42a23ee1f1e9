import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { hrefFor, type FormPage } from "~/pages/kit";
import type { formLoader } from "~/services/resource-pages.server";
import { useViewerRoles } from "~/components/ui/Permission";
import type { PickerData } from "~/lib/picker";
import { ResourceForm } from "./ResourceForm";
import type { RegionChoice } from "../../../contract/regions";

/** 新增 / 编辑 page of a resource. */
export function ResourceFormPage({ page }: { page: FormPage }) {
  const data = useLoaderData<typeof formLoader>();
  const actionData = useActionData() as { result?: SubmissionResult<string[]>; options?: Record<string, PickerData>; regions?: Record<string, RegionChoice> } | undefined;
  const roles = useViewerRoles();
  const staff = roles.includes("SYSTEM_USER") || roles.includes("TENANT_USER");
  const record = data.record as (Record<string, unknown> & { id: number }) | null;
  const cancelHref = (record ? hrefFor(page.links.detail, record.id) : undefined) ?? page.links.list ?? "/";
  return (
    <section className="card" aria-labelledby="resource-form-title">
      <h2 id="resource-form-title" className="page-title">{data.title}{record ? ` · ${String(record[page.def.titleField] ?? "")}` : ""}</h2>
      {data.notice ? <p className="alert-success mb-3" role="status">{data.notice}</p> : null}
      {record && page.def.status?.onEdit ? <p className="alert-info mb-3">修改资料后需重新审核，审核通过前不能参与调度。</p> : null}
      <ResourceForm def={page.def} mode={page.mode} record={record} options={actionData?.options ?? data.options} regions={actionData?.regions ?? data.regions} withOrg={!!page.withOrg && staff} lastResult={actionData?.result} cancelHref={cancelHref} />
    </section>
  );
}
