import type { ReactNode } from 'react';
import { serverProductName } from '../../../lxd/product';
import { useServer } from '../../../shared/query/server';
import '../login.scss';

interface Props {
  /** The page's single h1. */
  title: string;
  /** A short line above the title, e.g. "Step 1 of 2". */
  eyebrow?: string;
  children: ReactNode;
}

/**
 * The centred card every login page is laid out in (outside the signed-in app layout), under
 * the server's product name (from GET /1.0, which every login page asks).
 */
export function LoginPanel({ title, eyebrow, children }: Props) {
  const { data: server } = useServer();
  return (
    <div className="login-page">
      <main className="login-panel" id="main-content" aria-labelledby="login-heading">
        <p className="login-brand">{serverProductName(server)} Console</p>
        {eyebrow && <p className="login-eyebrow">{eyebrow}</p>}
        <h1 id="login-heading" className="p-heading--3 login-title">
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}

/** Shown while GET /1.0 is answered. */
export function LoginLoading() {
  return (
    <div className="login-page">
      <main className="login-panel" id="main-content" aria-busy="true">
        <p role="status" className="login-status">
          <i className="p-icon--spinner login-spin" aria-hidden="true" /> Loading…
        </p>
      </main>
    </div>
  );
}
