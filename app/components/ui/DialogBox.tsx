import * as RadixDialog from "@radix-ui/react-dialog";
import { useId } from "react";
import { escapeIsFree } from "./escape";

// Our dialogs open from links and the address (?form=new), not from a Radix trigger, so Radix has no
// trigger to give the focus back to; and a dialog may mount more than once while it loads. The page
// remembers the last element focused outside any dialog, and a closing dialog gives the focus back to it.
let opener: HTMLElement | null = null;
const outsideDialogs = (element: Element | null): element is HTMLElement => element instanceof HTMLElement && element !== document.body && !element.closest('[role="dialog"]');
if (typeof document !== "undefined") {
  if (outsideDialogs(document.activeElement)) opener = document.activeElement;
  document.addEventListener("focusin", (event) => {
    if (outsideDialogs(event.target as Element)) opener = event.target as HTMLElement;
  }, true);
}
const giveFocusBack = (event: Event) => {
  if (!opener?.isConnected) return;
  event.preventDefault();
  opener.focus();
};

export interface DialogProps {
  open: boolean;
  /** Escape, a click on the overlay: the caller decides what closing means (often a navigation). */
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  children: React.ReactNode;
  /** The buttons or links at the bottom right. */
  footer: React.ReactNode;
  "data-testid"?: string;
}

/**
 * A modal box on Radix Dialog (loaded through `Dialog` in ./Dialog, which keeps Radix out of the
 * first-load JavaScript). It renders in place rather than through a portal, so a dialog that is
 * open in the loader's data is in the server's HTML too and works with JavaScript off; with JavaScript
 * Radix adds the focus trap, Escape and the scroll lock.
 */
export default function DialogBox({ open, onOpenChange, title, children, footer, "data-testid": testId }: DialogProps) {
  // Radix links the title and description only after hydration; without JavaScript these ids do it.
  const titleId = useId();
  const descriptionId = useId();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Overlay className="fixed inset-0 z-[70] bg-black/40" />
      <RadixDialog.Content
        data-testid={testId}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onCloseAutoFocus={giveFocusBack}
        // Radix closes on Escape when the dialog is the top layer; a toast above it passes the Escape on.
        onKeyDown={(event) => {
          if (event.key !== "Escape" || !escapeIsFree(event.nativeEvent)) return;
          event.preventDefault();
          onOpenChange?.(false);
        }}
        className="fixed left-1/2 top-[15vh] z-[71] flex max-h-[70vh] w-[calc(100vw-2rem)] max-w-[420px] -translate-x-1/2 flex-col rounded bg-white shadow-xl focus:outline-none"
      >
        <RadixDialog.Title id={titleId} className="border-b border-gray-100 px-5 py-3 text-base font-semibold text-gray-800">{title}</RadixDialog.Title>
        <RadixDialog.Description asChild>
          <div id={descriptionId} className="overflow-y-auto whitespace-pre-wrap break-words px-5 py-4 text-sm leading-6 text-gray-700">{children}</div>
        </RadixDialog.Description>
        <div className="flex justify-end gap-2 px-5 pb-4">{footer}</div>
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}
