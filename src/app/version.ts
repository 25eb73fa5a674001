/** The UI version shown in the status bar (spec §1, §9). */
export const UI_VERSION = __CONSOLE_BUILD__.version.split('.').slice(0, 2).join('.');
