import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerationStage } from './generate';
import { CertificateGeneratePage } from './pages/CertificateGeneratePage';
import { fakeLxd, renderPage, sync, untrustedServer } from './test-utils';

const worker = vi.hoisted(() => ({
  requests: [] as { password: string; hostname: string }[],
  finish: undefined as (() => void) | undefined,
}));

vi.mock('./generate', () => ({
  generateInWorker: (
    request: { password: string; hostname: string },
    onProgress: (stage: GenerationStage) => void,
  ) => {
    worker.requests.push(request);
    const result = new Promise((resolve) => {
      worker.finish = () => {
        onProgress('pfx');
        resolve({ crt: '-----BEGIN CERTIFICATE-----\n', pfx: new Uint8Array([48, 1, 0]) });
      };
    });
    return { result, cancel: vi.fn() };
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  worker.requests.length = 0;
});

describe('CertificateGeneratePage', () => {
  it('shows a mismatch next to the confirmation field and does not generate', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(untrustedServer()) : undefined));
    const user = userEvent.setup();
    renderPage(CertificateGeneratePage, '/login/certificate-generate');

    await user.type(
      await screen.findByLabelText('Password for the .pfx file (optional)'),
      'secret',
    );
    const confirmation = screen.getByLabelText('Confirm password');
    await user.type(confirmation, 'secre');
    const message = screen.getByText('The passwords do not match. Type the same password twice.');
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(confirmation.getAttribute('aria-describedby')).toContain(message.id);

    await user.click(screen.getByRole('button', { name: 'Generate certificate' }));
    expect(worker.requests).toHaveLength(0);
    expect(confirmation).toHaveFocus();

    await user.type(confirmation, 't');
    expect(screen.queryByText(/do not match/)).toBeNull();
  });

  it('shows progress, then offers both downloads and the browser instructions', async () => {
    fakeLxd(({ url }) => (url === '/1.0' ? sync(untrustedServer()) : undefined));
    const user = userEvent.setup();
    renderPage(CertificateGeneratePage, '/login/certificate-generate');

    await user.click(await screen.findByRole('button', { name: 'Generate certificate' }));
    expect(worker.requests).toEqual([{ password: '', hostname: window.location.hostname }]);
    expect(screen.getByRole('status')).toHaveTextContent('Creating a 2048-bit RSA key');
    expect(screen.getByRole('button', { name: 'Generating…' })).toBeDisabled();

    worker.finish?.();
    expect(await screen.findByRole('button', { name: 'Download .pfx' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download .crt' })).toBeEnabled();
    expect(screen.getByRole('tablist', { name: 'Browser' })).toBeVisible();
    for (const name of ['Chrome', 'Firefox', 'Edge', 'Safari']) {
      expect(screen.getByRole('tab', { name })).toBeVisible();
    }
    await user.click(screen.getByRole('tab', { name: 'Firefox' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Your Certificates');
    expect(screen.getByRole('link', { name: 'Continue to step 2' })).toHaveAttribute(
      'href',
      '/login/certificate-add',
    );
  });
});
