import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { captainAudit } from "~/pages/water";
import { auditAction, detailLoader } from "~/services/resource-pages.server";

const page = captainAudit.audit!;
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args);
export const action = (args: ActionFunctionArgs) => auditAction(page, args);
export default function CaptainProfileAuditPage() {
  return <ResourceDetailPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
