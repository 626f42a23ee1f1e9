import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ConfirmPanel, FilterBar, formatTime, Notice, Pager, SelectFilter, Table, TextFilter, USER_TYPE_LABELS, useHrefWith } from "~/components/iam/kit";
import { RoleForm } from "~/components/iam/RoleForm";
import { titled } from "~/lib/meta";
import { roleAction, roleLoader } from "~/services/pages/iam.server";

export const meta = titled("角色管理");
export const loader = ({ request }: LoaderFunctionArgs) => roleLoader(request);
export const action = ({ request }: ActionFunctionArgs) => roleAction(request);

const CONFIRMS: Record<string, { label: string; message: (name: string) => string }> = {
  delete: { label: "删除", message: (n) => `确定删除角色「${n}」吗？删除后不能恢复。` },
  disable: { label: "停用", message: (n) => `确定停用角色「${n}」吗？持有该角色的用户将在下一次操作时失去其权限。` },
};

export default function RolePage() {
  const { page, filter, catalogue, editing, form, confirm, kind } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const hrefWith = useHrefWith();
  const [confirmIntent, confirmId] = (confirm ?? "").split(":");
  const confirming = page.records.find((r) => r.id === Number(confirmId));
  const saved = params.get("saved");
  const kinds = kind === "SYSTEM_USER" ? USER_TYPE_LABELS : kind === "TENANT_USER" ? { TENANT_USER: "租户用户", ORG_USER: "企业用户" } : { ORG_USER: "企业用户" };
  return (
    <section className="card" aria-labelledby="role-title">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="role-title" className="page-title mb-0">角色管理</h2>
        <Link to={hrefWith("form", "new")} className="btn btn-primary" data-log-module="角色管理" data-log-content="点击新增角色">新增角色</Link>
      </div>
      <Notice result={result ?? (saved ? { ok: `角色「${saved}」已保存` } : null)} />
      {form && catalogue ? <RoleForm catalogue={catalogue} editing={editing} kinds={kinds} closeHref={hrefWith("form", null)} /> : null}
      {confirming && CONFIRMS[confirmIntent!] ? (
        <ConfirmPanel message={CONFIRMS[confirmIntent!]!.message(confirming.name)} intent={confirmIntent!} id={confirming.id} label={CONFIRMS[confirmIntent!]!.label} closeHref={hrefWith("confirm", null)} />
      ) : null}
      <FilterBar resetTo="/system/role">
        <TextFilter name="name" label="角色名称" value={filter.name} />
        <SelectFilter name="userType" label="用户类型" value={filter.userType} options={USER_TYPE_LABELS} />
        <SelectFilter name="status" label="状态" value={filter.status} options={{ ENABLED: "启用", DISABLED: "停用" }} />
      </FilterBar>
      <Table head={["角色名称", "用户类型", "归属", "权限数", "用户数", "内置", "状态", "更新时间", "操作"]} empty={page.records.length === 0}>
        {page.records.map((role) => (
          <tr key={role.id}>
            <td>{role.name}{role.description ? <span className="block text-xs text-gray-400">{role.description}</span> : null}</td>
            <td>{USER_TYPE_LABELS[role.userType] ?? role.userType}</td>
            <td>{role.owner}</td>
            <td>{role.permissionCount}</td>
            <td><Link className="btn-link" to={`/system/user?roleId=${role.id}`}>{role.userCount}</Link></td>
            <td>{role.builtIn ? "是" : "否"}</td>
            <td className={role.status === "ENABLED" ? "text-green-600" : "text-red-500"}>{role.status === "ENABLED" ? "启用" : "停用"}</td>
            <td>{formatTime(role.updatedTime)}</td>
            <td className="whitespace-nowrap">
              {role.actions.includes("edit") ? <Link className="btn-link mr-2" to={hrefWith("form", String(role.id))}>编辑</Link> : null}
              {role.actions.includes("disable") ? <Link className="btn-link mr-2" to={hrefWith("confirm", `disable:${role.id}`)}>停用</Link> : null}
              {role.actions.includes("enable") ? (
                <Form method="post" className="mr-2 inline"><input type="hidden" name="intent" value="enable" /><input type="hidden" name="id" value={role.id} /><button type="submit" className="btn-link">启用</button></Form>
              ) : null}
              {role.actions.includes("delete") ? <Link className="btn-link text-red-500" to={hrefWith("confirm", `delete:${role.id}`)}>删除</Link> : null}
              {role.actions.includes("view") ? <Link className="btn-link" to={hrefWith("form", String(role.id))}>查看</Link> : null}
            </td>
          </tr>
        ))}
      </Table>
      <Pager page={page} />
    </section>
  );
}
export const ErrorBoundary = PageErrorBoundary;
