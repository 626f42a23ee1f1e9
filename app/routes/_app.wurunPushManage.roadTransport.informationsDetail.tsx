import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { SubmissionDetailPage } from "~/components/submission/SubmissionDetailPage";
import { submissionDetailLoader, submissionAction } from "~/services/pages/submission.server";

export const loader = (args: LoaderFunctionArgs) => submissionDetailLoader("WURUN_ROAD", args);
export const action = (args: ActionFunctionArgs) => submissionAction("WURUN_ROAD", args);
export default SubmissionDetailPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
