import * as RadixToast from "@radix-ui/react-toast";
import { passEscapeOn } from "./escape";

/** Where toasts appear: the bottom right (spec 2.5, 9). Wrap the toasts and place one viewport. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  return (
    <RadixToast.Provider label="消息通知" swipeDirection="right" duration={Infinity}>
      {children}
      <RadixToast.Viewport
        data-toast-viewport=""
        label="消息通知 ({hotkey})"
        data-testid="toast-viewport"
        className="fixed bottom-0 right-0 z-[80] m-0 flex w-[360px] max-w-[100vw] list-none flex-col gap-2 p-4 outline-none"
      />
    </RadixToast.Provider>
  );
}

interface ToastProps {
  title: string;
  description: string;
  /** A click on the toast's body. */
  onActivate: () => void;
  /** The toast went away: activated, closed with ×, or swiped off. */
  onClose: () => void;
  "data-testid"?: string;
}

/** A toast that stays until clicked (no timer): its body is one button, with a small × to just close it. */
export function Toast({ title, description, onActivate, onClose, "data-testid": testId }: ToastProps) {
  return (
    <RadixToast.Root
      duration={Infinity}
      // Escape closes a toast only from within the toasts; elsewhere (in a dialog) it is not the toast's.
      onEscapeKeyDown={(event) => {
        if (!(document.activeElement instanceof Element && document.activeElement.closest("[data-toast-viewport]"))) passEscapeOn(event);
      }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      data-testid={testId}
      className="relative rounded border border-gray-200 bg-white shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0"
    >
      <button
        type="button"
        onClick={() => {
          onActivate();
          onClose();
        }}
        className="block w-full rounded py-3 pl-4 pr-9 text-left hover:bg-primary-soft focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      >
        <RadixToast.Title asChild>
          <span className="flex items-center gap-2 text-sm font-semibold text-gray-800">
            <span className="h-2 w-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
            {title}
          </span>
        </RadixToast.Title>
        <RadixToast.Description asChild>
          <span className="mt-1 line-clamp-3 block break-words text-sm text-gray-600">{description}</span>
        </RadixToast.Description>
      </button>
      <RadixToast.Close aria-label="关闭" className="absolute right-2 top-2 flex h-6 w-6 items-center justify-center rounded text-muted hover:bg-gray-100 hover:text-gray-700">
        <span aria-hidden="true">×</span>
      </RadixToast.Close>
    </RadixToast.Root>
  );
}
