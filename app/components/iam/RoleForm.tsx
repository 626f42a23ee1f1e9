/**
 * 角色管理's add/edit form (domain 6.1), the page's own section above the engine's list: the role with its
 * permission picker, the catalogue grouped by category, a check-all per category (with JavaScript), and
 * the codes the editor does not hold disabled (no escalation; the platform keeps them as they were). A
 * role the platform says the caller may not change opens read-only (查看).
 */
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { Catalogue, RoleDetail, roleFormData } from "~/services/pages/iam.server";
import type { listLoader } from "~/services/resource-pages.server";
import { ResultNotice } from "~/components/ui/ResultNotice";
import { role as roleDef } from "../../../contract/resources/iam";
import { RequiredMark } from "~/components/ui/FieldParts";

const USER_TYPE_LABELS = Object.fromEntries(Object.entries(roleDef.fields.userType.options!).map(([kind, option]) => [kind, option.label]));

type FormData = NonNullable<Awaited<ReturnType<typeof roleFormData>>>;

function RoleForm({ catalogue, editing, kinds, closeHref }: { catalogue: Catalogue; editing: RoleDetail | null; kinds: string[]; closeHref: string }) {
  const [codes, setCodes] = useState<Set<string>>(() => new Set(editing?.codes ?? []));
  const readOnly = !!editing && !editing.editable;
  const toggle = (code: string, on: boolean) =>
    setCodes((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  return (
    <Form method="post" className="mb-4 rounded border p-4" aria-label={editing ? `编辑角色 ${editing.name}` : "新增角色"}>
      <h3 className="mb-3 font-semibold">{editing ? (readOnly ? `查看角色：${editing.name}` : `编辑角色：${editing.name}`) : "新增角色"}</h3>
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <div className="mb-3 flex flex-wrap gap-4">
        <label className="flex flex-col text-sm">
          <span className="mb-1">角色名称<RequiredMark /></span>
          <input name="name" required maxLength={64} defaultValue={editing?.name ?? ""} disabled={readOnly} className="input w-56" />
        </label>
        <label className="flex flex-col text-sm">
          <span className="mb-1">用户类型<RequiredMark /></span>
          {editing ? (
            <input value={USER_TYPE_LABELS[editing.userType] ?? editing.userType} disabled className="input w-40" readOnly />
          ) : (
            <select name="userType" required className="input w-40" defaultValue="">
              <option value="" disabled>请选择</option>
              {kinds.map((kind) => <option key={kind} value={kind}>{USER_TYPE_LABELS[kind]}</option>)}
            </select>
          )}
        </label>
        <label className="flex flex-1 flex-col text-sm">
          <span className="mb-1">角色描述</span>
          <input name="description" maxLength={200} defaultValue={editing?.description ?? ""} disabled={readOnly} className="input" />
        </label>
      </div>
      <fieldset className="mb-3" aria-label="权限">
        <legend className="mb-2 text-sm">权限（灰色为您本人没有的权限，不能授予或收回）</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {catalogue.map((group) => {
            const grantable = group.codes.filter((c) => c.grantable);
            const all = grantable.length > 0 && grantable.every((c) => codes.has(c.code));
            return (
              <div key={group.category} className="rounded border p-2">
                <label className="mb-1 flex items-center gap-2 font-medium">
                  <input type="checkbox" aria-label={`全选${group.category}`} checked={all} disabled={readOnly || grantable.length === 0} onChange={(e) => grantable.forEach((c) => toggle(c.code, e.target.checked))} />
                  {group.category}
                </label>
                <div className="flex flex-wrap gap-x-4 gap-y-1 pl-5 text-sm">
                  {group.codes.map((c) => (
                    <label key={c.code} className={`flex items-center gap-1 ${c.grantable ? "" : "text-muted"}`} title={c.code}>
                      <input type="checkbox" name="codes" value={c.code} checked={codes.has(c.code)} disabled={readOnly || !c.grantable} onChange={(e) => toggle(c.code, e.target.checked)} />
                      {c.name}
                    </label>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>
      {editing && editing.users.length ? <p className="mb-3 text-sm text-muted">持有该角色的用户：{editing.users.map((u) => u.name).join("、")}</p> : null}
      <div className="flex gap-2">
        {readOnly ? null : <button type="submit" className="btn btn-primary">保存</button>}
        <Link to={closeHref} className="btn">{readOnly ? "关闭" : "取消"}</Link>
      </div>
    </Form>
  );
}

/** The form when `?form=new|<id>` opened it, with a refusal of the last save. */
export function RoleFormSection() {
  const data = useLoaderData<typeof listLoader>();
  const form = data.extra as FormData | null;
  const result = useActionData<{ ok?: string; error?: string }>();
  if (!form) return null;
  return (
    <>
      <ResultNotice result={result} />
      <RoleForm key={form.editing?.id ?? "new"} catalogue={form.catalogue} editing={form.editing} kinds={form.kinds} closeHref={data.listHref} />
    </>
  );
}

/** 新增角色: opens the form on this page. */
export function NewRoleLink() {
  return <Link to="?form=new" className="btn btn-primary" data-log-module="角色管理" data-log-content="点击新增角色">新增角色</Link>;
}
