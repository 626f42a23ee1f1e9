import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { FieldTable } from "~/components/resource/FieldTable";
import { FilterBar, PageFrame } from "~/components/ui/PageFrame";
import { titled } from "~/lib/meta";
import { permissionLoader } from "~/services/pages/iam.server";
import { f } from "../../contract/resources/kit";

export const meta = titled("权限管理");
export const loader = ({ request }: LoaderFunctionArgs) => permissionLoader(request);

const COLUMNS = [
  ["code", f.text("权限码", 64)],
  ["name", f.text("名称", 64)],
  ["category", f.text("分类", 32)],
  ["roleCount", f.int("持有角色数", 0, Number.MAX_SAFE_INTEGER)],
  ["roleNames", f.text("持有角色", 2000)],
] as const;

/**
 * 权限管理 (domain 6.1): the catalogue, read-only (codes are defined in code, spec 6), with the roles the
 * caller sees holding each code. A bespoke page over `POST /iam-permission/search`, not an engine list:
 * its rows are codes, not records with ids, and who holds a code is read through the caller's visible roles.
 */
export default function PermissionPage() {
  const { records, categories, errors } = useLoaderData<typeof loader>();
  const refused = Object.values(errors).join("；");
  return (
    <PageFrame title="权限管理">
      <p className="text-sm text-muted">权限码由系统定义，只读；在「角色管理」中把权限授予角色。</p>
      <FilterBar filters={[{ name: "category", label: "分类", options: Object.fromEntries(categories.map((c) => [c, c])) }, { name: "keyword", label: "关键字（权限码或名称）" }]} />
      {refused ? <p className="alert-error" role="alert">{refused}</p> : null}
      <div className="card">
        <FieldTable label="权限管理" columns={COLUMNS} records={records} />
        <p className="mt-2 text-sm text-muted">共 {records.length} 项</p>
      </div>
    </PageFrame>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
