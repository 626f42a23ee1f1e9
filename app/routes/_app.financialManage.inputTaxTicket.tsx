import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { TicketImportCard } from "~/components/money/TicketImport";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { inputTaxTicketPages, TICKET_TEMPLATE_PATH } from "~/pages/billing";
import { isUpload, ticketImportAction } from "~/services/pages/ticket-import.server";
import { listLoader, recordAction } from "~/services/resource-pages.server";

const page = inputTaxTicketPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
/** The list's row actions, or 批量导入 (the multipart upload). */
export const action = (args: ActionFunctionArgs) => (isUpload(args.request) ? ticketImportAction(args.request) : recordAction(page, args));
export default function InputTaxTicketPage() {
  return (
    <div className="space-y-4">
      <TicketImportCard templatePath={TICKET_TEMPLATE_PATH} />
      <ResourceListPage page={page} />
    </div>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
