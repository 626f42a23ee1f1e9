import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AppealExtraSections } from "~/components/appeal/AppealSections";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { appealPages } from "~/pages/appeal";
import { appealSections, type AppealExtra } from "~/services/pages/appeal.server";
import { auditAction, detailLoader } from "~/services/resource-pages.server";

const page = appealPages.audit!;

/** 申诉审核 (TMS_RISK_APPEAL_AUDIT): /dispatchManage/appealAudit?id=…; the engine's 通过 / 驳回 while pending, then the result. */
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args, { extra: appealSections });
export const action = (args: ActionFunctionArgs) => auditAction(page, args);

export default function AppealAuditPage() {
  return <ResourceDetailPage page={page} after={(data) => <AppealExtraSections extra={data.extra as AppealExtra} current={data.record.id} />} />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
