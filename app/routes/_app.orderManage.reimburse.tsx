import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ListOrDetail } from "~/components/orders/ListOrDetail";
import { containerPages } from "~/pages/order-rest";
import { listOrDetailAction, listOrDetailLoader } from "~/services/pages/order-rest.server";

const { list, detail } = containerPages;
export const loader = listOrDetailLoader(list!, detail!);
export const action = listOrDetailAction(list!, detail!);
export default function ReimbursePage() {
  return <ListOrDetail list={list!} detail={detail!} />;
}
export const ErrorBoundary = PageErrorBoundary;
