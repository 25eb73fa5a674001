import { expect, test, uniqueName } from '../fixtures';
import { busybox, typeInTerminal } from '../support/instance-ui';

test('the terminal runs as the chosen user and group, in the chosen directory, with variables', async ({
  page,
  lxd,
  track,
}) => {
  const name = await busybox(lxd, track, uniqueName('termopt'), { start: true });
  await page.goto(`/ui/project/default/instance/${name}/terminal`);
  const status = page.getByRole('status').filter({ hasText: /^Connected/ });
  await expect(status).toBeVisible();

  await page.getByRole('button', { name: 'Session options' }).click();
  const options = page.getByRole('group', { name: 'Session options' });
  // A wrong value is named next to its field and does not start a session.
  await options.getByRole('textbox', { name: 'Working directory' }).fill('tmp');
  await expect(
    options.getByRole('textbox', { name: 'Working directory' }),
  ).toHaveAccessibleDescription('The working directory must be an absolute path (starting with /)');
  await options.getByRole('textbox', { name: 'User ID (uid)' }).fill('-5');
  await expect(options.getByText('User ID must be a whole number of 0 or more')).toBeVisible();

  await options.getByRole('textbox', { name: 'User ID (uid)' }).fill('1000');
  await options.getByRole('textbox', { name: 'Group ID (gid)' }).fill('1000');
  await options.getByRole('textbox', { name: 'Working directory' }).fill('/tmp');
  await options.getByRole('button', { name: 'Add variable' }).click();
  const variable = options.getByRole('group', { name: 'Variable row 1' });
  await variable.getByRole('textbox', { name: 'Name' }).fill('FOO');
  await options
    .getByRole('group', { name: 'Variable FOO' })
    .getByRole('textbox', { name: 'Value' })
    .fill('bar');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Restart session' }).click();
  await expect(page.getByText('Runs sh as uid 1000, gid 1000, in /tmp, 1 variable.')).toBeVisible();
  await expect(status).toBeVisible();

  const terminal = page.getByRole('group', { name: 'Terminal' });
  // A non-root busybox shell prompts with "$"; the typed line differs from what it prints.
  await expect(terminal).toContainText('$');
  await typeInTerminal(
    page,
    terminal,
    'echo "u=$(id -u) g=$(id -g)"; echo "d=$(pwd)"; echo "e=$FOO."\n',
  );
  await expect(terminal).toContainText('u=1000 g=1000');
  await expect(terminal).toContainText('d=/tmp');
  await expect(terminal).toContainText('e=bar.');
});
