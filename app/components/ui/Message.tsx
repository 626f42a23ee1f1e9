import { createContext, useCallback, useContext, useState } from "react";

type Kind = "success" | "error" | "warning" | "info";
interface Item {
  id: number;
  kind: Kind;
  text: string;
}

const MessageContext = createContext<(kind: Kind, text: string, ms?: number) => void>(() => undefined);

/** Transient messages at the top centre (spec 8: errors shown for 5 s). */
export function MessageProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<Item[]>([]);
  const show = useCallback((kind: Kind, text: string, ms = kind === "error" ? 5000 : 3000) => {
    const id = Date.now() + Math.random();
    setItems((list) => [...list, { id, kind, text }]);
    setTimeout(() => setItems((list) => list.filter((i) => i.id !== id)), ms);
  }, []);
  const colours: Record<Kind, string> = {
    success: "border-green-200 bg-green-50 text-success",
    error: "border-red-200 bg-red-50 text-danger",
    warning: "border-amber-200 bg-amber-50 text-warning",
    info: "border-gray-200 bg-white text-gray-700",
  };
  return (
    <MessageContext.Provider value={show}>
      {children}
      <div className="toasts" aria-live="polite">
        {items.map((item) => (
          <p key={item.id} role={item.kind === "error" || item.kind === "warning" ? "alert" : "status"} className={`rounded border px-4 py-2 text-sm shadow ${colours[item.kind]}`}>
            {item.text}
          </p>
        ))}
      </div>
    </MessageContext.Provider>
  );
}

export function useMessage() {
  return useContext(MessageContext);
}
