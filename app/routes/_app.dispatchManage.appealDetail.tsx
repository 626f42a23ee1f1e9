import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AppealExtraSections } from "~/components/appeal/AppealSections";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { appealPages } from "~/pages/appeal";
import { appealSections, type AppealExtra } from "~/services/pages/appeal.server";
import { detailLoader, recordAction } from "~/services/resource-pages.server";

const page = appealPages.detail!;

/** 申诉详情 (TMS_RISK_APPEAL_DETAIL): /dispatchManage/appealDetail?id=…; 404 when not found or not the user's. */
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args, { extra: appealSections });
export const action = (args: ActionFunctionArgs) => recordAction(page, args);

export default function AppealDetailPage() {
  return <ResourceDetailPage page={page} after={(data) => <AppealExtraSections extra={data.extra as AppealExtra} current={data.record.id} />} />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
