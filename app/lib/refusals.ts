/** What a 403 says, to a page load and to a data request alike. */
export const FORBIDDEN_MESSAGE = "没有访问权限：您的账号没有访问该页面的权限，如需开通请联系管理员分配角色";
