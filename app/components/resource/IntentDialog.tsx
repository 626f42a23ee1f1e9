import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { Dialog } from "~/components/ui/Dialog";
import { confirmHref, intentConfirmOf } from "~/lib/confirm";

/**
 * The confirmation of a page's own intent that is not a resource transition (解绑银行卡, 支付运费 …):
 * opened by `?confirm=<intent>:<id>` like the engine's ConfirmDialog, so it is in the server's HTML and
 * works without JavaScript; a POST form with the intent, the id and the given fields; 取消 goes back to
 * the page without the parameter.
 */
export function IntentDialog({ confirm, intent, title, children, submitLabel, danger, hidden = {} }: { confirm: string; intent: string; title: string; children: React.ReactNode; submitLabel: string; danger?: boolean; hidden?: Record<string, string | string[]> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = intentConfirmOf(confirm);
  if (asked?.intent !== intent) return null;
  const id = asked.argument;
  const back = confirmHref(location.pathname, location.search, null);
  const formId = `confirm-${intent}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : navigate(back, { preventScrollReset: true }))}
      title={title}
      data-testid={`dialog-${intent}`}
      footer={
        <>
          <Link to={back} className="btn" preventScrollReset>取消</Link>
          <button type="submit" form={formId} className={`btn ${danger ? "btn-danger" : "btn-primary"}`}>{submitLabel}</button>
        </>
      }
    >
      <Form method="post" id={formId} className="space-y-3">
        <input type="hidden" name="intent" value={intent} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        {Object.entries(hidden).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v, i) => <input key={`${key}-${i}`} type="hidden" name={key} value={v} />))}
        {children}
      </Form>
    </Dialog>
  );
}
