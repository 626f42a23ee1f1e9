/** Visited views (spec 3 "Visited view", 4 "Tabs"): kept per user in the browser's storage. */
export interface VisitedView {
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
}

const key = (userId: string) => `tms_tabs:${userId}`;

export function loadTabs(userId: string): VisitedView[] {
  try {
    const raw = window.localStorage.getItem(key(userId));
    const list = raw ? (JSON.parse(raw) as VisitedView[]) : [];
    return Array.isArray(list) ? list.filter((v) => typeof v?.path === "string" && typeof v?.title === "string") : [];
  } catch {
    return [];
  }
}

export function saveTabs(userId: string, tabs: VisitedView[]): void {
  try {
    window.localStorage.setItem(key(userId), JSON.stringify(tabs));
  } catch {
    // storage full or disabled: tabs just won't survive a reload
  }
}

export function clearTabsOnLogout(userId: string): void {
  try {
    window.localStorage.removeItem(key(userId));
  } catch {
    // nothing to clear
  }
}

/** Adds a view, or updates the query of the one with the same path. */
export function addView(tabs: VisitedView[], view: VisitedView): VisitedView[] {
  const at = tabs.findIndex((t) => t.path === view.path);
  if (at === -1) return [...tabs, view];
  const copy = tabs.slice();
  copy[at] = { ...copy[at], fullPath: view.fullPath, title: view.title };
  return copy;
}

export const closeView = (tabs: VisitedView[], path: string) => tabs.filter((t) => t.affix || t.path !== path);
export const closeOthers = (tabs: VisitedView[], path: string) => tabs.filter((t) => t.affix || t.path === path);
export const closeAll = (tabs: VisitedView[]) => tabs.filter((t) => t.affix);

/** Affix tabs first, in the order given, then the stored ones. */
export function mergeAffix(affix: VisitedView[], stored: VisitedView[]): VisitedView[] {
  return [...affix, ...stored.filter((t) => !affix.some((a) => a.path === t.path))];
}
