import { isDynamicPath, type RouteNode } from "~/navigation";
import { Icon } from "./Icon";

interface SidebarProps {
  menu: RouteNode[];
  /** The menu path to highlight (a hidden detail page highlights its list). */
  activePath: string;
  collapsed: boolean;
  showLogo: boolean;
  productTitle: string;
}

const visibleChildren = (node: RouteNode) => (node.children ?? []).filter((c) => !c.hidden);
const isActiveBranch = (node: RouteNode, active: string): boolean =>
  node.path === active || (node.children ?? []).some((c) => isActiveBranch(c, active));
/** Where a menu entry links: a group goes to its default page. */
const hrefOf = (node: RouteNode) => node.redirect ?? node.path;

function LeafLink({ node, active, depth, collapsed }: { node: RouteNode; active: string; depth: number; collapsed: boolean }) {
  const current = node.path === active ? "page" : undefined;
  // A sub-entry is a bare link: its look (and indent) comes from `.menu-subs` in tailwind.css, since
  // the sidebar's hundred sub-entries are a large part of every page's HTML.
  if (depth > 0 && !collapsed) return <a href={node.path} aria-current={current}>{node.title}</a>;
  return (
    <a
      href={node.path}
      title={collapsed ? node.title : undefined}
      aria-current={current}
      className={collapsed ? "menu-item menu-collapsed" : "menu-item"}
    >
      <Icon name={node.icon ?? "table"} />
      {collapsed && depth === 0 ? <span className="sr-only">{node.title}</span> : <span>{node.title}</span>}
    </a>
  );
}

type MenuNodeProps = { node: RouteNode; active: string; depth: number; collapsed: boolean };

function MenuNode({ node, active, depth, collapsed }: MenuNodeProps) {
  const children = visibleChildren(node);
  if (!node.children) return isDynamicPath(node.path) ? null : <LeafLink node={node} active={active} depth={depth} collapsed={collapsed} />;
  if (children.length === 0) return null;
  const open = isActiveBranch(node, active);
  const entries = (className: string, title?: string) => (
    <ul className={className}>
      {title ? <li className="px-4 py-2 text-xs text-muted">{title}</li> : null}
      {children.map((child) => (
        <li key={child.path}>
          <MenuNode node={child} active={active} depth={depth + 1} collapsed={false} />
        </li>
      ))}
    </ul>
  );
  if (collapsed && depth === 0) {
    return (
      <div className="group relative">
        <a
          href={hrefOf(node)}
          title={node.title}
          className={`flex h-12 items-center justify-center hover:bg-sidebar-active ${open ? "text-primary-on-dark" : "text-sidebar-text"}`}
        >
          <Icon name={node.icon} />
          <span className="sr-only">{node.title}</span>
        </a>
        {entries("menu-subs absolute left-full top-0 z-50 hidden max-h-[70vh] w-48 overflow-auto rounded-r bg-sidebar py-1 shadow-lg group-hover:block group-focus-within:block", node.title)}
      </div>
    );
  }
  return (
    <details open={open}>
      <summary
        className={`menu-group${depth > 0 ? " menu-group-sub" : ""}${open ? " text-white" : ""}`}
      >
        {depth === 0 ? <Icon name={node.icon} /> : null}
        {/* The chevron is .menu-group::after (tailwind.css), not an SVG per group. */}
        <span>{node.title}</span>
      </summary>
      {entries("menu-subs")}
    </details>
  );
}

/** The menu's entries a user can reach now: links and group headers not inside a closed group. */
function reachable(nav: HTMLElement): HTMLElement[] {
  return [...nav.querySelectorAll<HTMLElement>("a[href], summary")].filter((el) => {
    // A closed group's entries still have boxes in Chromium (its content is only content-visibility: hidden).
    const holder = el.tagName === "SUMMARY" ? el.parentElement?.parentElement : el.parentElement;
    return !holder?.closest("details:not([open])") && el.getClientRects().length > 0;
  });
}

/**
 * Arrow keys in the menu (Tab still walks it entry by entry): ↑/↓ the previous/next entry, Home/End the
 * first/last, → opens a closed group or enters an open one, ← closes an open group or goes up to the
 * group of the entry. Enter/Space on a group header toggles it (the `<details>` does that itself).
 */
function onMenuKey(event: React.KeyboardEvent<HTMLElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const current = event.target as HTMLElement;
  if (!current.matches("a[href], summary")) return;
  const entries = reachable(event.currentTarget);
  const at = entries.indexOf(current);
  const group = current.tagName === "SUMMARY" ? (current.parentElement as HTMLDetailsElement) : null;
  let next: HTMLElement | undefined;
  switch (event.key) {
    case "ArrowDown":
      next = entries[at + 1];
      break;
    case "ArrowUp":
      next = entries[at - 1];
      break;
    case "Home":
      next = entries[0];
      break;
    case "End":
      next = entries[entries.length - 1];
      break;
    case "ArrowRight":
      if (group && !group.open) group.open = true;
      else if (group) next = entries[at + 1];
      else return;
      break;
    case "ArrowLeft":
      if (group?.open) group.open = false;
      else next = current.closest("li")?.parentElement?.closest("details")?.querySelector<HTMLElement>(":scope > summary") ?? undefined;
      break;
    default:
      return;
  }
  event.preventDefault();
  next?.focus();
}

export function Sidebar({ menu, activePath, collapsed, showLogo, productTitle }: SidebarProps) {
  return (
    <nav aria-label="主菜单" className="flex h-full flex-col" onKeyDown={onMenuKey}>
      {showLogo ? (
        <a href="/dashboard" className="sidebar-logo" title={productTitle}>
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          <span className={`truncate font-semibold ${collapsed ? "desk:hidden" : ""}`}>{productTitle}</span>
        </a>
      ) : null}
      <ul className="sidebar-menu">
        {menu
          .filter((node) => !node.hidden)
          .map((node) => (
            <li key={node.path}>
              <MenuNode node={node} active={activePath} depth={0} collapsed={collapsed} />
            </li>
          ))}
      </ul>
    </nav>
  );
}
