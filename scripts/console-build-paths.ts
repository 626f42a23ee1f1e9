/** Where the console's build lands (vite.config.ts writes it; the starters, the tests and bench/ read it). */
export const CONSOLE_BUILD_DIRECTORY = "build/console";
/** The server module of the console's build, relative to the project's directory (as node is started). */
export const CONSOLE_SERVER_BUILD = `${CONSOLE_BUILD_DIRECTORY}/server/index.js`;
