import type { DialogProps } from "./DialogBox";
import { lazyInPlace } from "./lazy";

const DialogBox = lazyInPlace("dialog-box", () => import("./DialogBox"));

/**
 * A modal box (Radix Dialog, see ./DialogBox). A closed dialog renders nothing and loads nothing: Radix's
 * dialog, focus trap and scroll lock arrive with the first open dialog, not with every page.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <DialogBox {...props} />;
}
