import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { columnsOf } from "~/pages/columns";
import { ResourceTable, type Row } from "~/components/resource/ResourceTable";
import { SHIP_FINE_LOG_COLUMNS, shipFineLog, shipFinePages } from "~/pages/findship";
import { platformMessage } from "~/services/page-data.server";
import { listLoader, recordAction } from "~/services/resource-pages.server";
import { resourcesApi } from "~/services/resources.server";
import { requirePage } from "~/services/user.server";
import { firstPage } from "~/lib/paging";

const page = shipFinePages.list!;

/** 罚款单 (the engine list) and, beneath, the latest entries of the operation log its writes keep. */
export async function loader(args: LoaderFunctionArgs) {
  const response = await listLoader(page, args);
  const data = (await response.json()) as Record<string, unknown>;
  const user = await requirePage(args.request);
  let log: { records: Row[]; error: string | null } = { records: [], error: null };
  try {
    log = { records: (await resourcesApi.search(user, shipFineLog, {}, firstPage(30))).records as Row[], error: null };
  } catch (error) {
    log = { records: [], error: platformMessage(error) };
  }
  return json({ ...data, log }, { headers: response.headers });
}
export const action = (args: ActionFunctionArgs) => recordAction(page, args);

export default function SelfOwnedShipLogPage() {
  const { log } = useLoaderData<typeof loader>() as unknown as { log: { records: Row[]; error: string | null } };
  return (
    <>
      <ResourceListPage page={page} />
      <section className="card mt-3" aria-labelledby="fine-log-title">
        <h2 id="fine-log-title" className="page-title">操作日志</h2>
        <p className="mb-2 text-sm text-muted">每张罚款单的开具、修改、确认、申诉、扣款和免除，与操作在同一事务中记录（最近 30 条）。</p>
        {log.error ? <p className="alert-error mb-3" role="alert">{log.error}</p> : null}
        <ResourceTable def={shipFineLog} records={log.records} columns={columnsOf(shipFineLog, ["createdTime", ...SHIP_FINE_LOG_COLUMNS])} rowActions={[]} links={{}} empty="暂无操作日志" label="罚款操作日志" />
      </section>
    </>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
