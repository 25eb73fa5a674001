import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TokenModal } from './TokenModal';

describe('the token shown once', () => {
  it("names the server's own command-line client in the remote command", () => {
    const { unmount } = render(
      <TokenModal name="ci" token="abc" expiresAt={undefined} remote="rack3" onClose={() => {}} />,
    );
    const command = () =>
      screen.getByRole('textbox', { name: 'Add this server as a remote on the client' });
    expect(command()).toHaveValue('lxc remote add rack3 abc');
    unmount();
    render(
      <TokenModal
        name="ci"
        token="abc"
        expiresAt={undefined}
        remote="rack3"
        client="incus"
        onClose={() => {}}
      />,
    );
    expect(command()).toHaveValue('incus remote add rack3 abc');
  });
});
