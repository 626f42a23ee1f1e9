import * as RadixDialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";

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
  // Our dialogs open from links and the address (?form=new), not from a Radix trigger, so Radix has no
  // trigger to give the focus back to: the element that had it when the dialog mounted gets it back.
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  const giveFocusBack = (event: Event) => {
    if (!opener || opener === document.body || !opener.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Overlay className="fixed inset-0 z-[70] bg-black/40" />
      <RadixDialog.Content
        data-testid={testId}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onCloseAutoFocus={giveFocusBack}
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
