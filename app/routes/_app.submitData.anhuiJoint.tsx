import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { SubmissionListPage } from "~/components/submission/SubmissionListPage";
import { submissionListLoader, submissionAction } from "~/services/pages/submission.server";

export const loader = (args: LoaderFunctionArgs) => submissionListLoader("ANHUI", args);
export const action = (args: ActionFunctionArgs) => submissionAction("ANHUI", args);
export default SubmissionListPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
