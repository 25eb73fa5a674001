/** Helpers for the bug report tests: a fake GET /1.0, a query cache, the dialog's text. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { fakeLxd } from '../../../testing/fake-lxd';
import { testServer } from '../../../testing/render';

/** GET /1.0 of an LXD 5.21.3 with three API extensions. */
export function serveLxd521() {
  return fakeLxd(({ url }) =>
    url === '/1.0'
      ? {
          metadata: testServer({
            api_extensions: ['a', 'b', 'c'],
            environment: { server: 'lxd', server_version: '5.21.3' },
          }),
        }
      : undefined,
  );
}

export function WithQueries({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The open "Report a bug" dialog and its text, once the text has `server`'s line. */
export async function bugReportText(server = 'Server: lxd') {
  const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });
  const text = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Bug report' });
  await vi.waitFor(() => {
    expect(text.value).toContain(server);
  });
  return { dialog, text: text.value };
}
