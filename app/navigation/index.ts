export { ICON_PATHS, type IconName, type RouteNode } from "./types";
export { DRIVER_HOME, DRIVER_PASSWORD, HOME_PATH, isDriverPage, PUBLIC_PATHS, PUBLIC_ROUTES, ROUTE_TREE, type RoleCode } from "./routes";
export {
  filterRoutes,
  menuFor,
  hasPermission,
  isDynamicPath,
  isPublicPath,
  leafRoutes,
  matchRoute,
  nodePermits,
  normalizePath,
  resolveAccess,
  ROLES_REQUIRED_MESSAGE,
  type Access,
  type RouteMatch,
  type Viewer,
} from "./access";
export { breadcrumb, pageTitle, type BreadcrumbItem } from "./breadcrumb";
export { ROUTE_SEARCH_OPTIONS, searchIndex, type SearchEntry } from "./search";
