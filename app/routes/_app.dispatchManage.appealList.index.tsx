import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { Permission } from "~/components/ui/Permission";
import { APPEAL_ROLES } from "~/lib/appeal-links";
import { appealPages, appealSubmitHref } from "~/pages/appeal";
import { listLoader } from "~/services/resource-pages.server";

const page = appealPages.list!;

/** 风险申诉 (TMS_RISK_APPEAL_LIST): the appeals of the user's waybills, with 详情 and 审核 as the platform allows each. */
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);

export default function AppealListPage() {
  const submit = (
    <Permission roles={APPEAL_ROLES.submit}>
      <Link to={appealSubmitHref()} className="btn btn-primary">提交申诉</Link>
    </Permission>
  );
  return <ResourceListPage page={page} toolbar={submit} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
