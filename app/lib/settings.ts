/** Spec 2.4 / 9 defaults: theme #1890ff, tab bar on, fixed header off, sidebar logo on. */
export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** Sidebar expanded (true) or collapsed to icons. */
  sidebarOpen: boolean;
}

export const DEFAULT_SETTINGS: Settings = { theme: "#1890ff", tagsView: true, fixedHeader: false, sidebarLogo: true, sidebarOpen: true };

export const THEME_CHOICES = ["#1890ff", "#11a983", "#13c2c2", "#6959CD", "#f5222d", "#eb2f96", "#fa541c", "#304156"];

export function normaliseSettings(raw: unknown): Settings {
  const value = (raw && typeof raw === "object" ? raw : {}) as Partial<Record<keyof Settings, unknown>>;
  const bool = (v: unknown, d: boolean) => (typeof v === "boolean" ? v : v === "true" ? true : v === "false" ? false : d);
  const theme = typeof value.theme === "string" && /^#[0-9a-fA-F]{6}$/.test(value.theme) ? value.theme : DEFAULT_SETTINGS.theme;
  return {
    theme,
    tagsView: bool(value.tagsView, DEFAULT_SETTINGS.tagsView),
    fixedHeader: bool(value.fixedHeader, DEFAULT_SETTINGS.fixedHeader),
    sidebarLogo: bool(value.sidebarLogo, DEFAULT_SETTINGS.sidebarLogo),
    sidebarOpen: bool(value.sidebarOpen, DEFAULT_SETTINGS.sidebarOpen),
  };
}
