import type { Notification } from "../../../contract/notification";
import { Toast, ToastProvider } from "~/components/ui/Toast";

/**
 * The pushed messages as toasts at the bottom right. RealtimeToasts loads this module with the first
 * push, so Radix's toast is not in every page's first-load JavaScript.
 */
export default function PushToasts({ toasts, onActivate, onClose }: { toasts: Notification[]; onActivate: (id: string) => void; onClose: (id: string) => void }) {
  return (
    <ToastProvider>
      {toasts.map((notification) => (
        <Toast
          key={notification.id}
          data-testid="push-toast"
          title="新消息"
          description={notification.content}
          onActivate={() => onActivate(notification.id)}
          onClose={() => onClose(notification.id)}
        />
      ))}
    </ToastProvider>
  );
}
