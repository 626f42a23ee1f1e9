import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { SUBJECT_TYPES, type SubjectType } from "../../contract/resources/credential";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceForm } from "~/components/resource/ResourceForm";
import { credentialAdd, SUBJECT_PAGES } from "~/pages/credential";
import { hrefFor } from "~/pages/kit";
import { formAction, formLoader } from "~/services/resource-pages.server";

/** The subject a credential is uploaded for, from the query (?subjectType=DRIVER&subjectId=5). */
function subjectOf(search: URLSearchParams): { type: SubjectType; id: number } | null {
  const type = search.get("subjectType") ?? "";
  const id = Number(search.get("subjectId"));
  return type in SUBJECT_TYPES && Number.isSafeInteger(id) && id > 0 ? { type: type as SubjectType, id } : null;
}

const back = (subject: { type: SubjectType; id: number } | null) => (subject ? hrefFor(SUBJECT_PAGES[subject.type], subject.id) : undefined) ?? credentialAdd.links.list!;

export const loader = (args: LoaderFunctionArgs) => formLoader(credentialAdd, args);
/** 上传证照: multipart (works without JavaScript); back to the subject's page, whose 证照 table shows it awaiting audit. */
export const action = (args: ActionFunctionArgs) => formAction(credentialAdd, args, (record) => back({ type: record.subjectType as SubjectType, id: Number(record.subjectId) }));

export default function CredentialAddPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const subject = subjectOf(new URLSearchParams(useLocation().search));
  return (
    <section className="card" aria-labelledby="resource-form-title">
      <h2 id="resource-form-title" className="page-title">{data.title}{subject ? ` · ${SUBJECT_TYPES[subject.type].label} ${subject.id}` : ""}</h2>
      <p className="alert-info mb-3">上传后证照为待审核，审核人逐项审核；必备证照全部审核通过且在有效期内，主体才能通过审核和参与派单。</p>
      <ResourceForm def={credentialAdd.def} mode="create" record={null} options={data.options} lastResult={actionData?.result} cancelHref={back(subject)} defaults={subject ? { subjectType: subject.type, subjectId: String(subject.id) } : undefined} />
    </section>
  );
}
export const ErrorBoundary = PageErrorBoundary;
