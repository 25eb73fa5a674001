/**
 * The certificates view of a server without access management (LXD 5.0.2), against the real
 * LXD: the console (the admin certificate "console-admin" through the console server) makes a
 * trust token; a second browser, straight at LXD's own /ui with a certificate made here,
 * redeems it; the console restricts that client to one project and then revokes it, and the
 * second browser feels each change on its next action.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  enableSpaFallback,
  expect,
  test,
  uniqueName,
  INCUS,
  type ServerUnderTest,
} from '../fixtures';
import { makeClientCertificate } from '../support/certificates';
import { INCUS_URL, LXD_URL } from '../support/env';
import { createProject, deleteProject, type LxdApi } from '../support/lxd-api';
import { seriousViolations } from '../support/settings';

interface TrustedCertificate {
  name: string;
  fingerprint: string;
  restricted: boolean;
  projects: string[] | null;
}

async function certificatesNamed(lxd: LxdApi, name: string) {
  const list = await lxd.get<TrustedCertificate[]>('/1.0/certificates?recursion=1');
  return list.filter((certificate) => certificate.name === name);
}

/** Revokes the certificates and cancels the pending tokens a test made, whatever happened. */
async function cleanUp(lxd: LxdApi, name: string) {
  for (const { fingerprint } of await certificatesNamed(lxd, name)) {
    await lxd.call('DELETE', `/1.0/certificates/${fingerprint}`).catch(() => undefined);
  }
  const operations = await lxd.get<{
    running?: { id: string; class: string; metadata: { request?: { name?: string } } | null }[];
  }>('/1.0/operations?recursion=1');
  for (const operation of operations.running ?? []) {
    if (operation.class === 'token' && operation.metadata?.request?.name === name) {
      await lxd.call('DELETE', `/1.0/operations/${operation.id}`).catch(() => undefined);
    }
  }
}

/** A browser that goes straight at LXD's (or Incus's) /ui with its own client certificate. */
async function clientBrowser(
  browser: Browser,
  certPath: string,
  keyPath: string,
  server: ServerUnderTest,
) {
  const url = server === 'incus' ? INCUS_URL : LXD_URL;
  const context = await browser.newContext({
    baseURL: url,
    ignoreHTTPSErrors: true,
    clientCertificates: [{ origin: url, certPath, keyPath }],
  });
  await enableSpaFallback(context);
  return context;
}

const certificateRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Certificates' })
    .getByRole('row', { name: new RegExp(`^${name}( |$)`) });

// On Incus the same: the console is served by Incus itself, and the client command is `incus`.
test(
  'the console trusts, restricts and revokes a client that signs in straight at LXD',
  INCUS,
  async ({ page, browser, lxd, server }, testInfo) => {
    test.setTimeout(120_000);
    const name = uniqueName('cert-client');
    const project = uniqueName('cert-only');
    const certPath = testInfo.outputPath('client.crt');
    const keyPath = testInfo.outputPath('client.key');
    makeClientCertificate(certPath, keyPath, name, 2);
    await createProject(lxd, project, 'The only project of a restricted client');
    let client: BrowserContext | undefined;
    try {
      // The admin certificate is listed and marked as the one this console signs in with.
      await page.goto('/ui/permissions/certificates');
      await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
      const admin = certificateRow(page, 'console-admin');
      await expect(admin.getByText('You', { exact: true })).toBeVisible();
      await expect(admin).toContainText('client');
      expect(await seriousViolations(page, 'certificates')).toEqual([]);

      // A token for the new client, shown once.
      await page.getByRole('button', { name: 'Create token' }).click();
      const form = page.getByRole('dialog', { name: 'Create trust token' });
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('button', { name: 'Create token' }).click();
      const shown = page.getByRole('dialog', { name: `Token for ${name}` });
      const tokenBox = shown.getByRole('textbox', { name: 'Trust token' });
      await expect(tokenBox).not.toHaveValue('');
      const token = await tokenBox.inputValue();
      await expect(
        shown.getByRole('textbox', { name: 'Add this server as a remote on the client' }),
      ).toHaveValue(
        new RegExp(`^${server === 'incus' ? 'incus' : 'lxc'} remote add \\S+ ${token}$`),
      );
      await shown.getByRole('button', { name: 'Done' }).click();
      const pending = page.getByRole('table', { name: 'Pending tokens' });
      await expect(pending.getByRole('rowheader', { name })).toBeVisible();

      // The second browser redeems it on LXD's own login page.
      client = await clientBrowser(browser, certPath, keyPath, server);
      const other = await client.newPage();
      await other.goto('/ui/login/certificate-add');
      await other.getByRole('textbox', { name: 'Trust token' }).fill(token);
      await other.getByRole('button', { name: 'Connect' }).click();
      await expect(other).toHaveURL(/\/ui\/project\/default\/instances$/);
      await expect(other.getByRole('heading', { level: 1, name: 'Instances' })).toBeVisible();

      // The console shows it without a reload (the certificate-created event), token used up.
      const row = certificateRow(page, name);
      await expect(row).toBeVisible();
      await expect(row).toContainText('All projects');
      await expect(row.getByText('You', { exact: true })).toHaveCount(0);
      await expect(pending.getByRole('rowheader', { name })).toHaveCount(0);

      // Restricted to one project through the console.
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit certificate ${name}` });
      // Vanilla draws the box over the input: check it as a click on its label would.
      await edit.getByRole('checkbox', { name: 'Restricted' }).check({ force: true });
      await edit
        .getByRole('group', { name: 'Projects' })
        .getByRole('checkbox', { name: project })
        .check({ force: true });
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit).toHaveCount(0);
      await expect(row).toContainText('Yes');
      await expect(row).toContainText(project);
      const [stored] = await certificatesNamed(lxd, name);
      expect(stored).toMatchObject({ restricted: true, projects: [project] });

      // The second browser's next action meets the restriction: the default project is out of
      // reach and the project selector offers only the one project.
      const nav = other.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Profiles', exact: true }).click();
      // (Once past 10 s on Incus at load 14 in CI.)
      await expect(other.getByRole('heading', { name: 'Project not found' })).toBeVisible({
        timeout: 30_000,
      });
      await other.getByRole('button', { name: /^Project / }).click();
      const projects = other.getByRole('navigation', { name: 'Projects' });
      await expect(projects.getByRole('link', { name: new RegExp(`^${project}`) })).toBeVisible();
      await expect(projects.getByRole('link', { name: /^default/ })).toHaveCount(0);
      await projects.getByRole('link', { name: new RegExp(`^${project}`) }).click();
      await expect(other).toHaveURL(new RegExp(`/ui/project/${project}/profiles$`));
      await expect(other.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible();

      // Revoked through the console: the second browser lands on the login page on its next
      // action, without a reload.
      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke certificate' });
      await expect(confirm).toContainText('can no longer connect');
      await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
      await expect(row).toHaveCount(0);
      expect(await certificatesNamed(lxd, name)).toEqual([]);

      // (Incus may also end the revoked client's event stream at once, and the console then goes
      // to the login page before any action: the link is gone, and that is the same outcome.)
      await nav
        .getByRole('link', { name: 'Instances', exact: true })
        .click({ timeout: 10_000 })
        .catch(() => undefined);
      await expect(other).toHaveURL(/\/ui\/login$/);
    } finally {
      await client?.close();
      await cleanUp(lxd, name);
      await deleteProject(lxd, project);
    }
  },
);

test('a pending token can be revoked before it is used', async ({ page, lxd }) => {
  const name = uniqueName('cert-unused');
  try {
    await page.goto('/ui/permissions/certificates');
    await page.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create trust token' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByRole('dialog', { name: `Token for ${name}` })
      .getByRole('button', { name: 'Done' })
      .click();

    const pending = page.getByRole('table', { name: 'Pending tokens' });
    const token = pending.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(token).toContainText('Never');
    await token.getByRole('button', { name: `Revoke token ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Revoke token' })
      .getByRole('button', { name: 'Revoke token' })
      .click();
    await expect(token).toHaveCount(0);
    const operations = await lxd.get<{
      running?: { metadata: { request?: { name?: string } } | null }[];
    }>('/1.0/operations?recursion=1');
    expect(
      (operations.running ?? []).filter((operation) => operation.metadata?.request?.name === name),
    ).toEqual([]);
  } finally {
    await cleanUp(lxd, name);
  }
});
