import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { RedEnvelopePage } from "~/components/money/RedEnvelopePage";
import { loadRedEnvelopes, redEnvelopeAction } from "~/services/pages/red-envelopes.server";

/** 红包管理: campaigns and grants; grants are paid from the marketing account into wallets through the ledger. */
export const loader = (args: LoaderFunctionArgs) => loadRedEnvelopes(args);
export const action = (args: ActionFunctionArgs) => redEnvelopeAction(args);

export default RedEnvelopePage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
