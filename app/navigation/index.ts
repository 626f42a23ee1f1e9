export { ICON_PATHS, type IconName, type RouteNode } from "./types";
export { DRIVER_HOME, DRIVER_PASSWORD, HOME_PATH, isDriverPage, PUBLIC_PATHS, ROUTE_TREE } from "./routes";
export {
  filterRoutes,
  menuFor,
  hasPermission,
  isDynamicPath,
  isPublicPath,
  leafRoutes,
  matchRoute,
  resolveAccess,
  type Viewer,
} from "./access";
export { breadcrumb, pageTitle } from "./breadcrumb";
export { searchIndex, type SearchEntry } from "./search";
