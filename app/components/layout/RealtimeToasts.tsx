import { useLocation, useRevalidator, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { Notification } from "../../../contract/notification";
import { RECONNECT_DELAY_MS, REALTIME_ERROR_MESSAGE } from "../../../contract/realtime";
import { useMessage } from "~/components/ui/Message";

/** The toasts' code arrives with the first push (first-load JavaScript). */
const PushToasts = lazy(() => import("./PushToasts"));

/** More than this many unread toasts would cover the page; older ones stay in the message centre. */
const MAX_TOASTS = 5;
/** After the stream is refused (401: the session ended), retry at most this often. */
const MAX_RETRY_MS = 60_000;

const MESSAGE_CENTRE = "/sysNotification";

type ChannelState = "connecting" | "live" | "down";

function parse<T>(event: MessageEvent): T | null {
  try {
    return JSON.parse(String(event.data)) as T;
  } catch {
    return null;
  }
}

/**
 * The browser end of the realtime channel (spec 2.5): an EventSource on /events. Unread counts update
 * the avatar badge, pushes become toasts at the bottom right that stay until clicked, and clicking one
 * opens the message as a row click in the message centre would.
 */
export function RealtimeToasts({ onCount }: { onCount: (msgNum: number) => void }) {
  const message = useMessage();
  const submit = useSubmit();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [toasts, setToasts] = useState<Notification[]>([]);
  const [state, setState] = useState<ChannelState>("connecting");
  // The listeners live as long as the EventSource; they read the latest callbacks through refs.
  const latest = useRef({ onCount, message, revalidator, pathname: location.pathname });
  latest.current = { onCount, message, revalidator, pathname: location.pathname };

  useEffect(() => {
    // Spec 8: a browser without EventSource logs it and keeps working without the live channel.
    if (typeof EventSource === "undefined") {
      console.warn("[realtime] 当前浏览器不支持 EventSource，消息不会实时推送");
      setState("down");
      return;
    }
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let retryMs = RECONNECT_DELAY_MS;

    const connect = () => {
      retryTimer = null;
      const current = new EventSource("/events");
      source = current;
      current.addEventListener("count", (event) => {
        const data = parse<{ msgNum: number }>(event);
        if (typeof data?.msgNum !== "number") return;
        retryMs = RECONNECT_DELAY_MS;
        setState("live");
        latest.current.onCount(data.msgNum);
      });
      current.addEventListener("push", (event) => {
        const notification = parse<Notification>(event);
        if (!notification?.id) return;
        setToasts((list) => [...list.filter((n) => n.id !== notification.id), notification].slice(-MAX_TOASTS));
        // The message centre shows the new message without a reload.
        if (latest.current.pathname === MESSAGE_CENTRE && latest.current.revalidator.state === "idle") latest.current.revalidator.revalidate();
      });
      // The server's `event: error` and the connection's own errors share the name; only the former has data.
      current.addEventListener("error", (event) => {
        if (event instanceof MessageEvent) {
          latest.current.message("error", parse<{ message: string }>(event)?.message || REALTIME_ERROR_MESSAGE);
          return;
        }
        setState("down");
        // EventSource retries a dropped stream by itself; a refused one (401) it gives up on.
        if (current.readyState === EventSource.CLOSED && source === current) {
          retryTimer = setTimeout(connect, retryMs);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        }
      });
    };

    connect();
    return () => {
      if (retryTimer) clearTimeout(retryTimer);
      source?.close();
      source = null;
    };
  }, []);

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((n) => n.id !== id)), []);
  const open = (id: string) => {
    // The same POST as a row click in the message centre: it marks the message read and opens its box.
    const here = location.pathname === MESSAGE_CENTRE ? location.search : "";
    submit({ open: id }, { method: "post", action: `${MESSAGE_CENTRE}${here}`, preventScrollReset: true });
  };

  return (
    <>
      <span hidden data-testid="realtime-state" data-state={state} />
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <PushToasts toasts={toasts} onActivate={open} onClose={dismiss} />
        </Suspense>
      ) : null}
    </>
  );
}
