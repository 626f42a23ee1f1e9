import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { Permission } from "~/components/ui/Permission";
import { findShipListPages } from "~/pages/findship";
import { platformMessage } from "~/services/page-data.server";
import { listLoader, recordAction } from "~/services/resource-pages.server";
import { requirePage } from "~/services/user.server";
import { readForm } from "~/services/read-form.server";
import { isOrgUser } from "../../contract/platforms";

const page = findShipListPages.list!;

/** 找船列表 (engine) and, for organisations, the 选船 link of a published supply to share with a cargo owner. */
export async function loader(args: LoaderFunctionArgs) {
  const response = await listLoader(page, args);
  const data = (await response.json()) as Record<string, unknown>;
  const user = await requirePage(args.request);
  const supplies = isOrgUser(user.info) ? await user.call<Array<{ id: number; label: string }>>({ path: "/tms-supply/options", body: {} }).catch(() => []) : [];
  return json({ ...data, supplies }, { headers: response.headers });
}

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request.clone());
  if (form.get("intent") !== "selectLink") return recordAction(page, args);
  const user = await requirePage(args.request);
  try {
    const { ticket, expiresAt } = await user.call<{ ticket: string; expiresAt: string }>({ path: "/tms-ship-inquiry/ticket", body: { supplyId: Number(form.get("supplyId")) } });
    return json({ link: `${new URL(args.request.url).origin}/h5selectShip?t=${encodeURIComponent(ticket)}`, expiresAt, linkError: null });
  } catch (error) {
    return json({ link: null, expiresAt: null, linkError: platformMessage(error) }, { status: 400 });
  }
}

export default function FindShipListPage() {
  const { supplies } = useLoaderData<typeof loader>() as unknown as { supplies: Array<{ id: number; label: string }> };
  const result = useActionData<typeof action>() as { link?: string | null; linkError?: string | null } | undefined;
  return (
    <>
      <ResourceListPage page={page} />
      <Permission roles={["ORG_USER"]}>
        <section className="card mt-3" aria-labelledby="select-link-title">
          <h2 id="select-link-title" className="page-title">分享选船链接</h2>
          <p className="mb-2 text-sm text-muted">选择一条已发布的货源，生成 72 小时有效的 H5 选船链接发给货主；货主选船后会通知本企业并记入沟通记录。</p>
          <Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="selectLink" />
            <select name="supplyId" className="input w-72" aria-label="货源" required>
              {supplies.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
            </select>
            <button className="btn btn-primary" type="submit">生成链接</button>
          </Form>
          {result?.linkError ? <p className="alert-error mt-2" role="alert">{result.linkError}</p> : null}
          {result?.link ? <p className="mt-2 break-all text-sm" role="status" data-testid="select-link">选船链接：<a className="text-primary" href={result.link}>{result.link}</a></p> : null}
        </section>
      </Permission>
    </>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
