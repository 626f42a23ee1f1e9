import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DispatchPanel } from "~/components/dispatch/DispatchPanel";
import { DispatchedNotice, OrderFilterForm, OrderTable } from "~/components/dispatch/OrderList";
import { orderListSearch } from "~/lib/order-list";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { Pagination } from "~/components/ui/Pagination";
import { dispatchListAction, loadDispatchList } from "~/services/pages/dispatch-list.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadDispatchList(request);
export const action = ({ request }: ActionFunctionArgs) => dispatchListAction(request);

export default function DispatchListPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const listSearch = orderListSearch(new URL(location.pathname + location.search, "http://x")).toString();
  const listHref = listSearch ? `${location.pathname}?${listSearch}` : location.pathname;
  return (
    <div className="space-y-4">
      {data.dispatched ? <DispatchedNotice {...data.dispatched} /> : null}
      {data.notice ? <p className="alert-info" role="status">{data.notice}</p> : null}
      {actionData?.error ? <p className="alert-error" role="alert">{actionData.error}</p> : null}
      {data.panel ? (
        <DispatchPanel
          key={data.panel.order.id}
          order={data.panel.order}
          pickers={actionData && "pickers" in actionData ? actionData : data.panel}
          link={data.panel.link}
          closeHref={listHref}
          lastResult={actionData?.result}
        />
      ) : null}
      <section className="card" aria-labelledby="orders-title">
        <h2 id="orders-title" className="page-title">待调度订单</h2>
        <OrderFilterForm values={data.query.values} showFreightWay={data.water} />
        {!data.canDispatch ? <p className="alert-info mb-3">您的账号可以查看待调度订单，但不能派单。</p> : null}
        <OrderTable orders={data.page.records} canDispatch={data.canDispatch} water={data.water} listSearch={listSearch} />
        <Pagination total={data.page.total} current={data.page.current} size={data.page.size} />
      </section>
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
