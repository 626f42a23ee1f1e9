/** Things that end with a login session (the realtime connection, …); each registers here. */
const hooks: Array<(sessionKey: string) => Promise<void> | void> = [];

export function registerLogoutHook(hook: (sessionKey: string) => Promise<void> | void): void {
  hooks.push(hook);
}

export async function onLogout(sessionKey: string): Promise<void> {
  for (const hook of hooks) await Promise.resolve(hook(sessionKey)).catch(() => undefined);
}
