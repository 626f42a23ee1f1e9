import { formatDateTime } from "~/lib/format";
import { StatusTag } from "~/components/resource/StatusTag";
import type { EnterpriseUser } from "../../../contract/resources/enterprise";
import { USER_TYPE_LABELS } from "../../../contract/platforms";

const STATUSES: Record<string, { label: string; tone: "success" | "error" | "default" }> = {
  ACTIVE: { label: "正常", tone: "success" },
  ORG_DISABLED: { label: "企业已停用", tone: "error" },
  DISABLED: { label: "已停用", tone: "error" },
};

/** 管理员与用户: the enterprise's accounts (name, mobile, kind, roles, status). */
export function EnterpriseUsers({ users, error }: { users: EnterpriseUser[]; error: string | null }) {
  return (
    <section className="card" aria-label="管理员与用户">
      <h2 className="page-title">管理员与用户</h2>
      {error ? <p className="alert-error" role="alert">{error}</p> : null}
      <div className="overflow-x-auto">
        <table className="table" aria-label="企业用户">
          <thead>
            <tr>
              <th scope="col">姓名</th>
              <th scope="col">手机号</th>
              <th scope="col">用户类型</th>
              <th scope="col">角色</th>
              <th scope="col">状态</th>
              <th scope="col">创建时间</th>
            </tr>
          </thead>
          <tbody>
            {users.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-8 text-center text-muted">暂无用户</td>
              </tr>
            ) : (
              users.map((u) => {
                const status = STATUSES[u.status] ?? { label: u.status, tone: "default" as const };
                return (
                  <tr key={u.id} data-testid="enterprise-user">
                    <td className="whitespace-nowrap">
                      {u.name}
                      {u.admin ? <span className="ml-2"><StatusTag label="管理员" tone="info" /></span> : null}
                    </td>
                    <td className="whitespace-nowrap">{u.mobile}</td>
                    <td className="whitespace-nowrap">{USER_TYPE_LABELS[u.type] ?? u.type}</td>
                    <td className="whitespace-nowrap">{u.roles.join("、") || "-"}</td>
                    <td className="whitespace-nowrap"><StatusTag label={status.label} tone={status.tone} /></td>
                    <td className="whitespace-nowrap">{formatDateTime(u.createdTime)}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
