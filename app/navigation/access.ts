/**
 * Pure access rules over the route map (spec 2.1, 5, 6): who sees which route, which route a path
 * is, and what opening a path leads to.
 */
import { mayUseCode, PERMISSIONS, seesWater, type PermissionCode } from "../../contract/permissions";
import { USER_TYPES, type UserType } from "../../contract/platforms";
import { HOME_PATH, PUBLIC_PATHS, ROUTE_TREE } from "./routes";
import type { RouteNode } from "./types";

export interface Viewer {
  /** [accessLevel, ...permission codes] */
  roles: string[];
  /** The build's version-function list, e.g. ["CAPTAIN", "DRIVER"]. */
  versionFunctions: string[];
  /**
   * Pages the server found closed to this viewer for reasons the route map does not hold: the resource a
   * page shows, whose permissions and kinds the platform checks (app/services/page-access.server.ts).
   */
  denied?: readonly string[];
}

const isCode = (role: string): role is PermissionCode => Object.hasOwn(PERMISSIONS, role);
const kindOf = (roles: readonly string[]): UserType | undefined => roles.find((r): r is UserType => (USER_TYPES as readonly string[]).includes(r));

/** One required role: a user kind the viewer is, or a catalogue code the viewer may use (held, and for its kind). */
function grants(viewerRoles: string[], role: string): boolean {
  if (!isCode(role)) return viewerRoles.includes(role);
  const kind = kindOf(viewerRoles);
  return !!kind && mayUseCode(kind, viewerRoles, role);
}

export const ROLES_REQUIRED_MESSAGE = "需要指定角色数组 roles，例如 roles={['SYSTEM_USER']}";

/**
 * The permission directive's rule (spec 5, 8): the required roles must be a non-empty array;
 * the viewer passes when holding any of them.
 */
export function hasPermission(viewerRoles: string[], required: unknown): boolean {
  if (!Array.isArray(required) || required.length === 0) throw new Error(ROLES_REQUIRED_MESSAGE);
  return required.some((role) => grants(viewerRoles, String(role)));
}

/** One node's own rule, ignoring its ancestors and children. */
export function nodePermits(node: RouteNode, viewer: Viewer): boolean {
  if (node.versionFunction && !viewer.versionFunctions.includes(node.versionFunction)) return false;
  if (node.versionFunction === "CAPTAIN" && !seesWater(viewer.roles, viewer.versionFunctions)) return false;
  if (node.kinds && !node.kinds.includes(kindOf(viewer.roles) ?? "")) return false;
  if (viewer.denied?.includes(node.path)) return false;
  return !node.roles || node.roles.length === 0 || hasPermission(viewer.roles, node.roles);
}

export function isDynamicPath(path: string): boolean {
  return path.split("/").some((segment) => segment.startsWith(":"));
}

/** A page the sidebar, the search and a group's redirect may send the viewer to. */
function isNavigableLeaf(node: RouteNode): boolean {
  return !node.children && !node.hidden && !isDynamicPath(node.path);
}

function firstNavigableLeaf(nodes: RouteNode[]): RouteNode | undefined {
  for (const node of nodes) {
    if (node.hidden) continue;
    if (!node.children) {
      if (isNavigableLeaf(node)) return node;
      continue;
    }
    const found = firstNavigableLeaf(node.children);
    if (found) return found;
  }
  return undefined;
}

function containsNavigable(nodes: RouteNode[], path: string): boolean {
  return nodes.some((node) =>
    node.children ? !node.hidden && containsNavigable(node.children, path) : node.path === path && isNavigableLeaf(node),
  );
}

/**
 * The permitted tree: nodes the viewer may see, children filtered the same way, groups left with
 * no children dropped. A group whose default child was filtered out redirects to its first
 * remaining navigable page instead.
 */
export function filterRoutes(tree: RouteNode[], viewer: Viewer): RouteNode[] {
  const kept: RouteNode[] = [];
  for (const node of tree) {
    if (!nodePermits(node, viewer)) continue;
    if (!node.children) {
      kept.push(node);
      continue;
    }
    const children = filterRoutes(node.children, viewer);
    if (children.length === 0) continue;
    const redirect =
      node.redirect && containsNavigable(children, node.redirect) ? node.redirect : firstNavigableLeaf(children)?.path;
    kept.push(redirect ? { ...node, redirect, children } : { ...node, children });
  }
  return kept;
}

const menus = new Map<string, RouteNode[]>();
/** Distinct permission sets whose menu is kept: far more than the roles of an installation hand out. */
const MENUS_KEPT = 500;

/**
 * The route map's menu for a viewer (`filterRoutes(ROUTE_TREE, viewer)`), built once per permission set:
 * every page of every user draws it, and the route map does not change while the process runs. The
 * result is shared: callers must not change it.
 */
export function menuFor(viewer: Viewer): RouteNode[] {
  const key = JSON.stringify([viewer.roles, viewer.versionFunctions, viewer.denied ?? []]);
  let menu = menus.get(key);
  if (!menu) {
    menu = filterRoutes(ROUTE_TREE, viewer);
    if (menus.size >= MENUS_KEPT) menus.delete(menus.keys().next().value!);
    menus.set(key, menu);
  }
  return menu;
}

/** Every leaf of the tree, hidden ones included, depth first. */
export function leafRoutes(tree: RouteNode[]): RouteNode[] {
  return tree.flatMap((node) => (node.children ? leafRoutes(node.children) : [node]));
}

export interface RouteMatch {
  node: RouteNode;
  /** Outermost first. */
  ancestors: RouteNode[];
  params: Record<string, string>;
}

interface IndexedRoute {
  node: RouteNode;
  ancestors: RouteNode[];
  segments: string[];
  dynamic: boolean;
}

const indexes = new WeakMap<RouteNode[], IndexedRoute[]>();

function routeIndex(tree: RouteNode[]): IndexedRoute[] {
  let index = indexes.get(tree);
  if (!index) {
    index = [];
    const visit = (nodes: RouteNode[], ancestors: RouteNode[]) => {
      for (const node of nodes) {
        index!.push({ node, ancestors, segments: splitPath(node.path), dynamic: isDynamicPath(node.path) });
        if (node.children) visit(node.children, [...ancestors, node]);
      }
    };
    visit(tree, []);
    // Static routes win over dynamic ones of the same shape.
    index.sort((a, b) => Number(a.dynamic) - Number(b.dynamic));
    indexes.set(tree, index);
  }
  return index;
}

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

/** A pathname's segments, ignoring a query, a hash and repeated or trailing slashes. */
function pathSegments(pathname: string): string[] {
  return splitPath(pathname.replace(/[?#].*$/, ""));
}

/** The canonical form of a pathname: "/a/b" for "/a/b/", "/a//b?x=1" and the like. */
export function normalizePath(pathname: string): string {
  return `/${pathSegments(pathname).join("/")}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(":")) params[pattern[i].slice(1)] = decodeSegment(actual[i]);
    else if (pattern[i] !== actual[i]) return null;
  }
  return params;
}

/** The route a pathname is, dynamic segments included; a trailing slash, query or hash is ignored. */
export function matchRoute(tree: RouteNode[], pathname: string): RouteMatch | null {
  const actual = pathSegments(pathname);
  if (actual.length === 0) return null;
  for (const route of routeIndex(tree)) {
    const params = matchSegments(route.segments, actual);
    if (params) return { node: route.node, ancestors: route.ancestors, params };
  }
  return null;
}

/** Spec 2.1: opened without a token. "/redirect/<path>" (tab refresh) counts as "/redirect". */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(normalizePath(pathname)) || pathSegments(pathname)[0] === "redirect";
}

export type Access =
  | { kind: "ok"; match: RouteMatch }
  | { kind: "redirect"; to: string }
  | { kind: "forbidden"; match: RouteMatch }
  | { kind: "not-found" };

/**
 * What opening a console path leads to for this viewer: the page, a redirect (the root, or a
 * group to its default page), forbidden (the route exists but the viewer, or the build's version
 * functions, do not permit it or one of its groups) or not found.
 */
export function resolveAccess(pathname: string, viewer: Viewer): Access {
  if (pathSegments(pathname).length === 0) return { kind: "redirect", to: HOME_PATH };
  const match = matchRoute(ROUTE_TREE, pathname);
  if (!match) return { kind: "not-found" };
  if (![...match.ancestors, match.node].every((node) => nodePermits(node, viewer))) return { kind: "forbidden", match };
  if (!match.node.children) return { kind: "ok", match };
  const [permittedGroup] = filterRoutes([match.node], viewer);
  return permittedGroup?.redirect ? { kind: "redirect", to: permittedGroup.redirect } : { kind: "forbidden", match };
}
