/** This build's facts, from package.json (scripts/build-info.ts, Vite's `define`). */
declare const __CONSOLE_BUILD__: { version: string; bugsUrl: string | null };
