/** 用户管理 and 平台用户 (domain 6.1): the accounts in the caller's scope, add/edit with roles, and the account actions. */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { RoleOptions, UserRow, userLoader } from "~/services/pages/iam.server";
import type { PickerData } from "~/lib/picker";
import { DefaultSubmit, RefPicker } from "~/components/resource/RefPicker";
import { ACCOUNT_STATUS, ConfirmPanel, FilterBar, formatTime, Notice, Pager, SelectFilter, Table, TextFilter, USER_TYPE_LABELS, useHrefWith } from "./kit";

const ACTIONS: Record<string, { label: string; message: (name: string) => string; danger?: boolean }> = {
  disable: { label: "停用", message: (n) => `确定停用 ${n} 吗？其登录将立即失效。`, danger: true },
  resetPassword: { label: "重置密码", message: (n) => `确定重置 ${n} 的密码吗？新密码将通过短信发送，旧密码立即失效。`, danger: true },
  forceLogout: { label: "强制下线", message: (n) => `确定让 ${n} 下线吗？`, danger: true },
};

function RoleChoices({ options, kinds, chosen }: { options: RoleOptions; kinds: string[]; chosen: number[] }) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm" aria-label="角色">
      <legend className="mb-1">角色（只能分配您有权授予的角色，且须与用户类型一致）</legend>
      {kinds.map((kind) => (
        <div key={kind} className="flex flex-wrap gap-3">
          <span className="w-20 text-gray-500">{USER_TYPE_LABELS[kind]}</span>
          {(options[kind] ?? []).map((role) => (
            <label key={role.id} className="flex items-center gap-1">
              <input type="checkbox" name="roleIds" value={role.id} defaultChecked={chosen.includes(role.id)} />
              {role.name}
            </label>
          ))}
          {(options[kind] ?? []).length === 0 ? <span className="text-gray-400">无可分配角色</span> : null}
        </div>
      ))}
    </fieldset>
  );
}

/** What a 所属企业 「搜索」 (without JavaScript) brought back: the form as typed and the narrowed organisations. */
interface Typed {
  typed: Record<string, string>;
  roleIds: string[];
  orgs: PickerData;
}

function UserForm({ editing, options, kinds, orgs, closeHref, typed }: { editing: UserRow | null; options: RoleOptions; kinds: string[]; orgs: PickerData | null; closeHref: string; typed?: Typed }) {
  const value = (name: string) => typed?.typed[name];
  return (
    <Form method="post" className="mb-4 rounded border p-4" aria-label={editing ? `编辑用户 ${editing.name}` : "新增用户"}>
      {orgs ? <DefaultSubmit label="保存" /> : null}
      <h3 className="mb-3 font-semibold">{editing ? `编辑用户：${editing.name}` : "新增用户"}</h3>
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <div className="mb-3 flex flex-wrap gap-4">
        {editing ? null : (
          <label className="flex flex-col text-sm">
            <span className="mb-1">手机号 <span className="text-red-500">*</span></span>
            <input name="mobile" required inputMode="tel" pattern="1\d{10}" maxLength={11} defaultValue={value("mobile")} className="input w-44" />
          </label>
        )}
        <label className="flex flex-col text-sm">
          <span className="mb-1">姓名 <span className="text-red-500">*</span></span>
          <input name="name" required maxLength={64} defaultValue={value("name") ?? editing?.name ?? ""} className="input w-44" />
        </label>
        {editing ? null : (
          <label className="flex flex-col text-sm">
            <span className="mb-1">用户类型 <span className="text-red-500">*</span></span>
            <select name="type" required className="input w-36" defaultValue={value("type") ?? (kinds.length === 1 ? kinds[0] : "")}>
              <option value="" disabled>请选择</option>
              {kinds.map((k) => <option key={k} value={k}>{USER_TYPE_LABELS[k]}</option>)}
            </select>
          </label>
        )}
        {!editing && orgs ? (
          <div className="flex w-64 flex-col text-sm">
            <label htmlFor="user-orgId" className="mb-1">所属企业（企业用户必选）</label>
            <RefPicker name="orgId" id="user-orgId" label="所属企业" picker={typed?.orgs ?? orgs} defaultValue={value("orgId") ?? ""} emptyLabel="—" />
          </div>
        ) : null}
      </div>
      <RoleChoices options={options} kinds={editing ? [editing.type] : kinds} chosen={typed ? typed.roleIds.map(Number) : (editing?.roles.map((r) => r.id) ?? [])} />
      <p className="my-2 text-xs text-gray-500">{editing ? "角色变更在该用户的下一次操作时生效，无需重新登录。" : "保存后系统通过短信发送初始密码，用户首次登录须修改密码。"}</p>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary">保存</button>
        <Link to={closeHref} className="btn">取消</Link>
      </div>
    </Form>
  );
}

export function UserAdminPage({ title, path }: { title: string; path: string }) {
  const { page, filter, form, editing, roleOptions, orgs, kinds, confirm, all } = useLoaderData<typeof userLoader>();
  const result = useActionData<{ ok?: string; error?: string } | Typed>();
  const typed = result && "typed" in result ? result : undefined;
  const hrefWith = useHrefWith();
  const [intent, confirmId] = (confirm ?? "").split(":");
  const confirming = page.records.find((r) => r.id === Number(confirmId));
  return (
    <section className="card" aria-labelledby="user-title">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="user-title" className="page-title mb-0">{title}</h2>
        {all ? null : <Link to={hrefWith("form", "new")} className="btn btn-primary" data-log-module="用户管理" data-log-content="点击新增用户">新增用户</Link>}
      </div>
      <Notice result={typed ? undefined : (result as { ok?: string; error?: string } | undefined)} />
      {form && roleOptions && (form === "new" || editing) ? <UserForm editing={editing} options={roleOptions} kinds={kinds} orgs={orgs} closeHref={hrefWith("form", null)} typed={typed} /> : null}
      {confirming && ACTIONS[intent!] ? <ConfirmPanel message={ACTIONS[intent!]!.message(confirming.name)} intent={intent!} id={confirming.id} label={ACTIONS[intent!]!.label} closeHref={hrefWith("confirm", null)} /> : null}
      <FilterBar resetTo={path}>
        <TextFilter name="keyword" label="手机号/姓名" value={filter.keyword} />
        <SelectFilter name="userType" label="用户类型" value={filter.userType} options={all ? USER_TYPE_LABELS : Object.fromEntries(kinds.map((k) => [k, USER_TYPE_LABELS[k]!]))} />
        <SelectFilter name="status" label="账号状态" value={filter.status} options={{ ACTIVE: "正常", DISABLED: "已停用", LOCKED: "已锁定" }} />
      </FilterBar>
      <Table head={["手机号", "姓名", "用户类型", "租户/企业", "角色", "状态", "密码到期", "最近登录", "创建时间", "操作"]} empty={page.records.length === 0}>
        {page.records.map((u) => (
          <tr key={u.id}>
            <td>{u.mobile}</td>
            <td>{u.name}</td>
            <td>{USER_TYPE_LABELS[u.type] ?? u.type}</td>
            <td>{u.scopeName ?? "—"}</td>
            <td>{u.roles.map((r) => r.name).join("、") || "—"}</td>
            <td className={ACCOUNT_STATUS[u.status]?.tone}>{ACCOUNT_STATUS[u.status]?.label ?? u.status}</td>
            <td>{formatTime(u.pwExpiration)}</td>
            <td>{formatTime(u.lastLoginTime)}{u.lastLoginIp ? <span className="block text-xs text-gray-400">{u.lastLoginIp}</span> : null}</td>
            <td>{formatTime(u.createdTime)}</td>
            <td className="whitespace-nowrap">
              {all || u.type === "INDIVIDUAL_USER" ? null : <Link className="btn-link mr-2" to={hrefWith("form", String(u.id))}>编辑</Link>}
              {u.status === "DISABLED" ? (
                <Form method="post" className="mr-2 inline"><input type="hidden" name="intent" value="enable" /><input type="hidden" name="id" value={u.id} /><button type="submit" className="btn-link">启用</button></Form>
              ) : (
                <Link className="btn-link mr-2" to={hrefWith("confirm", `disable:${u.id}`)}>停用</Link>
              )}
              {u.status === "LOCKED" ? (
                <Form method="post" className="mr-2 inline"><input type="hidden" name="intent" value="unlock" /><input type="hidden" name="id" value={u.id} /><button type="submit" className="btn-link">解锁</button></Form>
              ) : null}
              <Link className="btn-link mr-2" to={hrefWith("confirm", `resetPassword:${u.id}`)}>重置密码</Link>
              {all ? <Link className="btn-link" to={hrefWith("confirm", `forceLogout:${u.id}`)}>强制下线</Link> : null}
            </td>
          </tr>
        ))}
      </Table>
      <Pager page={page} />
    </section>
  );
}
