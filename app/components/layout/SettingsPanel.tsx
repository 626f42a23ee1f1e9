import { useLocation } from "@remix-run/react";
import { useHydrated } from "~/components/ui/SelectAll";
import { THEME_CHOICES, type Settings } from "~/lib/settings";
import { useSettings } from "./useSettings";
import { closeDetailsOnEscape } from "~/components/ui/disclosure";
import { Icon } from "./Icon";

const SWITCHES: Array<{ key: keyof Pick<Settings, "tagsView" | "fixedHeader" | "sidebarLogo">; label: string }> = [
  { key: "tagsView", label: "开启标签栏" },
  { key: "fixedHeader", label: "固定头部" },
  { key: "sidebarLogo", label: "侧边栏 Logo" },
];

/**
 * Spec 2.4 settings: theme colour, tab bar, fixed header, sidebar logo; a plain form without JavaScript.
 * Its button is one of the navbar's icons, not Element's gear floating at the window's right edge: that one
 * covered what lay under it (the right edge of the search forms' inputs at 720 px, which is 1440 px at
 * 200 % zoom; 新建订单's 搜索 button at 1440 px). The opened form is a fixed drawer at the right.
 */
export function SettingsPanel() {
  return (
    // Its parts take their look from .settings-panel (tailwind.css): every page carries it.
    <details className="settings-panel" data-testid="settings-panel" onKeyDown={closeDetailsOnEscape}>
      <summary aria-label="系统布局设置" title="系统布局设置">
        <Icon name="settings" className="h-5 w-5" />
      </summary>
      <SettingsForm />
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
    <form key={JSON.stringify(settings)} method="post" action="/settings" aria-label="系统布局设置">
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
        {/* .swatches (tailwind.css) styles the choices by position: the panel is on every page. */}
        <div className="swatches">
          {THEME_CHOICES.map((colour) => (
            <label key={colour} title={colour} style={{ color: colour }}>
              <input
                type="radio"
                name="theme"
                value={colour}
                aria-label={colour}
                defaultChecked={settings.theme.toLowerCase() === colour.toLowerCase()}
                onChange={() => save({ theme: colour })}
              />
              <span />
            </label>
          ))}
        </div>
      </fieldset>
      {SWITCHES.map(({ key, label }) => (
        <label key={key} className="switch">
          {label}
          <input type="checkbox" name={key} value="true" defaultChecked={settings[key]} onChange={(e) => save({ [key]: e.target.checked })} />
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
