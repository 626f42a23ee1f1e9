import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { actionSpecOf } from "../../../contract/resources/derive";
import type { AnyResource } from "../../../contract/resources/kit";
import { Dialog } from "~/components/ui/Dialog";
import { FieldInput } from "./inputs";
import { actionLabel } from "./RowActions";

interface Props {
  def: AnyResource;
  record: { id: number; version: number } & Record<string, unknown>;
  action: string;
  /** Where 取消 goes: the page without the confirm parameter. */
  closeHref: string;
  error?: string | null;
  fieldErrors?: Record<string, string[] | null> | null;
}

/**
 * Confirms a row action before posting it (删除, 停用, 撤销认证 …), with the transition's inputs. It is
 * opened by `?confirm=<action>:<id>`, so it is in the server's HTML and works without JavaScript.
 */
export function ConfirmDialog({ def, record, action, closeHref, error, fieldErrors }: Props) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // A transition or a row action that is not one (重置密码): its label, tone, explanation and inputs.
  const transition = action === "delete" ? null : actionSpecOf(def, action);
  const label = actionLabel(def, action);
  const title = String(record[def.titleField] ?? record.id);
  const danger = action === "delete" || transition?.tone === "danger";
  const formId = `confirm-${action}-${record.id}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : navigate(closeHref, { preventScrollReset: true }))}
      title={`${label}${def.name}`}
      data-testid="resource-confirm"
      footer={
        <>
          <Link to={closeHref} className="btn" preventScrollReset>取消</Link>
          <button type="submit" form={formId} className={danger ? "btn btn-danger" : "btn btn-primary"} disabled={navigation.state !== "idle"}>
            {label.startsWith("确认") ? label : `确认${label}`}
          </button>
        </>
      }
    >
      <Form method="post" id={formId} preventScrollReset className="space-y-3 whitespace-normal" encType={Object.values(transition?.input ?? {}).some((field) => field.kind === "images") ? "multipart/form-data" : undefined}>
        <input type="hidden" name="intent" value={transition ? `transition:${action}` : "delete"} />
        <input type="hidden" name="resource" value={def.key} />
        <input type="hidden" name="id" value={record.id} />
        <input type="hidden" name="version" value={record.version} />
        <p>
          确定{label}{def.name} <b>{title}</b>？{transition?.confirm ? <span className="text-muted">{transition.confirm}。</span> : null}
          {action === "delete" ? <span className="text-muted">删除后不可恢复。</span> : null}
        </p>
        {Object.entries(transition?.input ?? {}).map(([name, field]) => (
          <FieldInput key={name} name={name} id={`${formId}-${name}`} field={field} defaultValue={field.kind === "images" ? field.toInput(record[name] as never) : ""} error={fieldErrors?.[name]?.[0] ?? undefined} />
        ))}
        {error ? <p className="alert-error" role="alert">{error}</p> : null}
      </Form>
    </Dialog>
  );
}
