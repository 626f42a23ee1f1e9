/**
 * 用户管理's add/edit form (domain 6.1), the page's own section above the engine's list: roles as
 * checkboxes grouped by user type (only those the caller may grant), and 所属企业 for a new user. The
 * list, its filters, paging, export and the account actions are the engine's (app/pages/iam.ts).
 */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { EditedUser, RoleOptions, userFormData } from "~/services/pages/iam.server";
import type { listLoader } from "~/services/resource-pages.server";
import type { PickerData } from "~/lib/picker";
import { DefaultSubmit, RefPicker } from "~/components/resource/RefPicker";
import { user as userDef } from "../../../contract/resources/iam";
import { ResultNotice } from "~/components/ui/ResultNotice";
import { RequiredMark } from "~/components/ui/FieldParts";

const USER_TYPE_LABELS = Object.fromEntries(Object.entries(userDef.fields.userType.options!).map(([kind, option]) => [kind, option.label]));

type FormData = NonNullable<Awaited<ReturnType<typeof userFormData>>>;

function RoleChoices({ options, kinds, chosen }: { options: RoleOptions; kinds: string[]; chosen: number[] }) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm" aria-label="角色">
      <legend className="mb-1">角色（只能分配您有权授予的角色，且须与用户类型一致）</legend>
      {kinds.map((kind) => (
        <div key={kind} className="flex flex-wrap gap-3">
          <span className="w-20 text-muted">{USER_TYPE_LABELS[kind]}</span>
          {(options[kind] ?? []).map((role) => (
            <label key={role.id} className="flex items-center gap-1">
              <input type="checkbox" name="roleIds" value={role.id} defaultChecked={chosen.includes(role.id)} />
              {role.name}
            </label>
          ))}
          {(options[kind] ?? []).length === 0 ? <span className="text-muted">无可分配角色</span> : null}
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

function UserForm({ editing, options, kinds, orgs, closeHref, typed }: { editing: EditedUser | null; options: RoleOptions; kinds: string[]; orgs: PickerData | null; closeHref: string; typed?: Typed }) {
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
            <span className="mb-1">手机号<RequiredMark /></span>
            <input name="mobile" required inputMode="tel" pattern="1\d{10}" maxLength={11} defaultValue={value("mobile")} className="input w-44" />
          </label>
        )}
        <label className="flex flex-col text-sm">
          <span className="mb-1">姓名<RequiredMark /></span>
          <input name="name" required maxLength={64} defaultValue={value("name") ?? editing?.name ?? ""} className="input w-44" />
        </label>
        {editing ? null : (
          <label className="flex flex-col text-sm">
            <span className="mb-1">用户类型<RequiredMark /></span>
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
      <RoleChoices options={options} kinds={editing ? [editing.userType] : kinds} chosen={typed ? typed.roleIds.map(Number) : (editing?.roleIds ?? [])} />
      <p className="my-2 text-xs text-muted">{editing ? "角色变更在该用户的下一次操作时生效，无需重新登录。" : "保存后系统通过短信发送初始密码，用户首次登录须修改密码。"}</p>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary">保存</button>
        <Link to={closeHref} className="btn">取消</Link>
      </div>
    </Form>
  );
}

/** The form when `?form=new|<id>` opened it, with a refusal of the last save. */
export function UserFormSection() {
  const data = useLoaderData<typeof listLoader>();
  const form = data.extra as FormData | null;
  const result = useActionData<{ ok?: string; error?: string } | Typed>();
  const typed = result && "typed" in result ? result : undefined;
  if (!form) return null;
  return (
    <>
      <ResultNotice result={typed ? undefined : (result as { ok?: string; error?: string } | undefined)} />
      <UserForm editing={form.editing} options={form.roleOptions} kinds={form.kinds} orgs={form.orgs} closeHref={data.listHref} typed={typed} />
    </>
  );
}

/** 新增用户: opens the form on this page. */
export function NewUserLink() {
  return <Link to="?form=new" className="btn btn-primary" data-log-module="用户管理" data-log-content="点击新增用户">新增用户</Link>;
}
