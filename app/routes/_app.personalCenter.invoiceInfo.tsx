import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { InvoiceInfoPage } from "~/components/money/AccountPages";
import { invoiceInfoAction, loadInvoiceInfo } from "~/services/pages/money.server";

/** 开票信息 (TMS_INVOICE_INFO): the invoice title of the organisation (企业账号) or of the user. */
export const loader = ({ request }: LoaderFunctionArgs) => loadInvoiceInfo(request);
export const action = ({ request }: ActionFunctionArgs) => invoiceInfoAction(request);

export default InvoiceInfoPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
