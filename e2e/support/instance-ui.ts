/** Helpers for the instance create and detail specs. */
import type { Locator, Page } from '@playwright/test';
import type { LxdApi } from './lxd-api';

/** Replaces the text of a CodeMirror editor (found by its accessible name). */
export async function setEditorText(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Types into an xterm terminal (it listens on its hidden textarea). */
export async function typeInTerminal(page: Page, terminal: Locator, text: string) {
  await terminal.click();
  await page.keyboard.type(text);
}

export async function snapshotNames(lxd: LxdApi, name: string, project = 'default') {
  const urls = await lxd.get<string[]>(`/1.0/instances/${name}/snapshots?project=${project}`);
  return urls.map((url) => decodeURIComponent(url.split('/').pop() ?? ''));
}

export async function instanceConfig(lxd: LxdApi, name: string, project = 'default') {
  return (await lxd.instance(name, project)).config;
}

/** A stopped busybox container, or a running one, registered for cleanup. */
export async function busybox(
  lxd: LxdApi,
  track: (name: string, project?: string) => string,
  name: string,
  options: { start?: boolean } = {},
) {
  track(name);
  await lxd.createInstance(name, { start: options.start ?? false });
  return name;
}
