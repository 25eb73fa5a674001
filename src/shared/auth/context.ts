import { createContext, useContext } from 'react';
import type { LxdIdentity } from '../../lxd/types/identity';
import type { LxdProject } from '../../lxd/types/project';
import type { LxdServer } from '../../lxd/types/server';
import type { FineGrained } from '../permissions/entitlements';

/** Who is signed in, and what follows from it (spec §4, §6). Provided by the app shell. */
export interface AuthState {
  server: LxdServer;
  identity: LxdIdentity | undefined;
  projects: LxdProject[];
  isFineGrained: FineGrained;
  isRestricted: boolean;
  isOidc: boolean;
  defaultProject: string;
  isClustered: boolean;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth is used outside the signed-in app');
  return state;
}

export function hasServerExtension(state: Pick<AuthState, 'server'>, name: string): boolean {
  return state.server.api_extensions.includes(name);
}
