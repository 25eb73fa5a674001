import { useContext } from 'react';
import { serverProductName } from '../../lxd/product';
import { AuthContext } from './context';

/**
 * The product name of the server the console talks to ("LXD" or "Incus"), for the texts that
 * name it. Outside the signed-in app (no server known) it is LXD's.
 */
export function useProductName(): string {
  return serverProductName(useContext(AuthContext)?.server);
}
