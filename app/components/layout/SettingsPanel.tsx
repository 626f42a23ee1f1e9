import { useLocation } from "@remix-run/react";
import { useHydrated } from "~/components/ui/SelectAll";
import { THEME_CHOICES, type Settings } from "~/lib/settings";
import { useSettings } from "./useSettings";
import { closeDetailsOnEscape } from "~/components/ui/disclosure";

const SWITCHES: Array<{ key: keyof Pick<Settings, "tagsView" | "fixedHeader" | "sidebarLogo">; label: string }> = [
  { key: "tagsView", label: "开启标签栏" },
  { key: "fixedHeader", label: "固定头部" },
  { key: "sidebarLogo", label: "侧边栏 Logo" },
];

/**
 * Spec 2.4 settings: theme colour, tab bar, fixed header, sidebar logo; a plain form without JavaScript.
 * `withForm` false: the document leaves the form and the button's drawing out, the browser renders them (`~/lib/scripted`).
 * Its button is one of the navbar's icons, not Element's gear floating at the window's right edge: that one
 * covered what lay under it (the right edge of the search forms' inputs at 720 px, which is 1440 px at
 * 200 % zoom; 新建订单's 搜索 button at 1440 px). The opened form is a fixed drawer at the right.
 */
export function SettingsPanel({ withForm }: { withForm: boolean }) {
  return (
    <details className="group" data-testid="settings-panel" onKeyDown={closeDetailsOnEscape}>
      <summary
        className="btn border-0 px-2 list-none group-open:invisible [&::-webkit-details-marker]:hidden"
        aria-label="系统布局设置"
        title="系统布局设置"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
          {withForm ? <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" fill="none" stroke="currentColor" strokeWidth="1.6" /> : null}
        </svg>
      </summary>
      {withForm ? <SettingsForm /> : null}
    </details>
  );
}

function SettingsForm() {
  const { settings, save } = useSettings();
  const location = useLocation();
  const hydrated = useHydrated();
  // Uncontrolled inputs keep what was clicked while the save is on its way; the key remounts them
  // with the saved values when those change (e.g. 恢复默认).
  return (
    <form key={JSON.stringify(settings)} method="post" action="/settings" className="fixed inset-y-0 right-0 z-[60] w-72 max-w-full overflow-y-auto border-l bg-white p-5 shadow-2xl" aria-label="系统布局设置">
      <input type="hidden" name="redirect" value={location.pathname + location.search} />
      <div className="mb-4 flex items-center justify-between">
        <h2 className="font-semibold">系统布局设置</h2>
        {/* A link to this page: without JavaScript, loading it again is what closes the drawer (it covers the summary). */}
        <a
          href={location.pathname + location.search}
          className="btn border-0 px-2"
          aria-label="关闭设置"
          onClick={(e) => {
            e.preventDefault();
            e.currentTarget.closest("details")?.removeAttribute("open");
          }}
        >
          ×
        </a>
      </div>
      <fieldset className="mb-4">
        <legend className="mb-2 text-sm text-gray-600">主题色</legend>
        <div className="flex flex-wrap gap-2">
          {THEME_CHOICES.map((colour) => (
            <label key={colour} className="cursor-pointer" title={colour}>
              <input
                type="radio"
                name="theme"
                value={colour}
                className="peer sr-only"
                defaultChecked={settings.theme.toLowerCase() === colour.toLowerCase()}
                onChange={() => save({ theme: colour })}
              />
              <span className="swatch" style={{ background: colour }} />
              <span className="sr-only">{colour}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {SWITCHES.map(({ key, label }) => (
        <label key={key} className="mb-3 flex items-center justify-between text-sm">
          {label}
          <input type="checkbox" name={key} value="true" defaultChecked={settings[key]} onChange={(e) => save({ [key]: e.target.checked })} className="h-4 w-4 accent-[var(--theme-color)]" />
        </label>
      ))}
      <div className="mt-6 flex gap-2">
        {!hydrated ? (
          <button type="submit" name="intent" value="save" className="btn btn-primary">保存</button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="reset"
          className="btn"
          onClick={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            save("reset");
          }}
        >
          恢复默认
        </button>
      </div>
    </form>
  );
}
