import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AppealSubmitPage } from "~/components/appeal/AppealSubmitPage";
import { loadAppealSubmit, submitAppealAction } from "~/services/pages/appeal.server";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";

/** 提交申诉 (TMS_RISK_APPEAL_SUBMIT): /dispatchManage/appealSubmit?freightNo=…; without one it asks for the 运单号. */
export const loader = ({ request }: LoaderFunctionArgs) => loadAppealSubmit(request);
export const action = ({ request }: ActionFunctionArgs) => submitAppealAction(request);

export default AppealSubmitPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
