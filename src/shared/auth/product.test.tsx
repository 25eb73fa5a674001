import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testAuth, testServer } from '../../testing/render';
import { AuthContext } from './context';
import { useProductName } from './product';

function Product() {
  return <p>{useProductName()}</p>;
}

const incus = testServer({ environment: { server: 'incus', server_version: '6.0.4' } });

describe('useProductName', () => {
  it('names the server the console talks to: Incus on Incus, LXD on LXD', () => {
    const { unmount } = render(
      <AuthContext.Provider value={testAuth({ server: incus })}>
        <Product />
      </AuthContext.Provider>,
    );
    expect(screen.getByText('Incus')).toBeInTheDocument();
    unmount();
    render(
      <AuthContext.Provider value={testAuth()}>
        <Product />
      </AuthContext.Provider>,
    );
    expect(screen.getByText('LXD')).toBeInTheDocument();
  });

  it('says LXD outside the signed-in app', () => {
    render(<Product />);
    expect(screen.getByText('LXD')).toBeInTheDocument();
  });
});
