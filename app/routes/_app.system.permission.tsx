import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { FilterBar, SelectFilter, Table, TextFilter } from "~/components/iam/kit";
import { titled } from "~/lib/meta";
import { permissionLoader } from "~/services/pages/iam.server";

export const meta = titled("权限管理");
export const loader = ({ request }: LoaderFunctionArgs) => permissionLoader(request);

/** 权限管理 (domain 6.1): the catalogue, read-only (codes are defined in code, spec 6), with the roles holding each code. */
export default function PermissionPage() {
  const { records, categories, filter } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="permission-title">
      <h2 id="permission-title" className="page-title">权限管理</h2>
      <p className="mb-3 text-sm text-gray-500">权限码由系统定义，只读；在「角色管理」中把权限授予角色。</p>
      <FilterBar resetTo="/system/permission">
        <SelectFilter name="category" label="分类" value={filter.category} options={Object.fromEntries(categories.map((c) => [c, c]))} />
        <TextFilter name="keyword" label="关键字" value={filter.keyword} placeholder="权限码或名称" />
      </FilterBar>
      <Table head={["权限码", "名称", "分类", "持有角色数", "持有角色"]} empty={records.length === 0}>
        {records.map((p) => (
          <tr key={p.code}>
            <td className="font-mono text-xs">{p.code}</td>
            <td>{p.name}</td>
            <td>{p.category}</td>
            <td>{p.roleCount}</td>
            <td>{p.roles.map((r) => r.name).join("、") || "—"}</td>
          </tr>
        ))}
      </Table>
      <p className="mt-2 text-sm text-gray-500">共 {records.length} 项</p>
    </section>
  );
}
export const ErrorBoundary = PageErrorBoundary;
