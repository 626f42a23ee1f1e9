import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { SubjectType } from "../../contract/resources/credential";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { CredentialAddPage, subjectOf } from "~/components/credential/CredentialAddPage";
import { credentialAdd, SUBJECT_PAGES } from "~/pages/credential";
import { hrefFor } from "~/pages/kit";
import { formAction, formLoader } from "~/services/resource-pages.server";

const back = (subject: { type: SubjectType; id: number } | null) => (subject ? hrefFor(SUBJECT_PAGES[subject.type], subject.id) : undefined) ?? credentialAdd.links.list!;

export const loader = (args: LoaderFunctionArgs) => formLoader(credentialAdd, args);
/** 上传证照 (staff): back to the subject's page, whose 证照 table shows it awaiting audit. */
export const action = (args: ActionFunctionArgs) => formAction(credentialAdd, args, (record) => back({ type: record.subjectType as SubjectType, id: Number(record.subjectId) }));

export default function CredentialAddRoute() {
  return <CredentialAddPage page={credentialAdd} back={(search) => back(subjectOf(search))} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
