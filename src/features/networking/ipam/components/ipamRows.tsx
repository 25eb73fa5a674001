/** The IPAM list's rows and the note it shows when it assembles them. */
import { useQuery } from '@tanstack/react-query';
import { NETWORK_ALLOCATIONS_EXTENSION } from '../../../../lxd/endpoints/network-allocations';
import { hasServerExtension } from '../../../../shared/auth/context';
import type { ListRows, PageContext } from '../../../../shared/pages';
import { ipamQuery } from '../queries';
import { ASSEMBLED_NOTICE, ipamRows, type IpamRow } from '../rules';

const fromServer = ({ auth }: PageContext) =>
  hasServerExtension(auth, NETWORK_ALLOCATIONS_EXTENSION);

/** The rows: the server's allocations where it has them, otherwise assembled. */
export function useIpamRows(context: PageContext): ListRows<IpamRow> {
  const list = useQuery({ ...ipamQuery(context.project, fromServer(context)), select: ipamRows });
  return { rows: list.data, query: list };
}

/** Says when the list is assembled. */
export function ipamNotice(context: PageContext) {
  return (
    !fromServer(context) && (
      <p className="ipam-page__notice" role="note">
        {ASSEMBLED_NOTICE}
      </p>
    )
  );
}
