import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { SUBJECT_TYPES, type SubjectType } from "../../../contract/resources/credential";
import { ResourceForm } from "~/components/resource/ResourceForm";
import type { FormPage } from "~/pages/kit";
import type { formLoader } from "~/services/resource-pages.server";

/** The subject a credential is uploaded for, from the query (?subjectType=DRIVER&subjectId=5). */
export function subjectOf(search: URLSearchParams): { type: SubjectType; id: number } | null {
  const type = search.get("subjectType") ?? "";
  const id = Number(search.get("subjectId"));
  return type in SUBJECT_TYPES && Number.isSafeInteger(id) && id > 0 ? { type: type as SubjectType, id } : null;
}

/**
 * 上传证照 (staff's page and an organisation's own): the credential form, multipart (works without
 * JavaScript), the subject from the query; `back` is where 取消 and a saved upload go.
 */
export function CredentialAddPage({ page, back }: { page: FormPage; back: (search: URLSearchParams) => string }) {
  const data = useLoaderData<typeof formLoader>();
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const search = new URLSearchParams(useLocation().search);
  const subject = subjectOf(search);
  return (
    <section className="card" aria-labelledby="resource-form-title">
      <h2 id="resource-form-title" className="page-title">{data.title}{subject ? ` · ${SUBJECT_TYPES[subject.type].label} ${subject.id}` : ""}</h2>
      <p className="alert-info mb-3">上传后证照为待审核，平台逐项审核；必备证照全部审核通过且在有效期内，主体才能通过审核和参与派单。</p>
      <ResourceForm def={page.def} mode="create" record={null} options={data.options} lastResult={actionData?.result} cancelHref={back(search)} defaults={subject ? { subjectType: subject.type, subjectId: String(subject.id) } : undefined} />
    </section>
  );
}
