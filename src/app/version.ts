/** The UI version shown in the status bar (spec §1, §9). */
export const UI_VERSION = '0.18';
