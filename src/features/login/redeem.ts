import { post } from '../../lxd/client';
import type { LxdServer } from '../../lxd/types/server';
import { chooseEnrolment } from './enrol';
import { compactToken, decodeTrustToken } from './token';

/** Sends a pasted token to the endpoint and field this server understands. */
export async function redeemTrustToken(
  server: Pick<LxdServer, 'api_extensions'>,
  raw: string,
): Promise<void> {
  const compact = compactToken(raw);
  const token = decodeTrustToken(compact);
  if (!token) throw new Error('Not a trust token');
  const { path, body } = chooseEnrolment(server, token, compact);
  await post(path, body);
}
