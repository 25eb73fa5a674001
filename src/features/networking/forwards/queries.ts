import { networkForwardCalls } from '../../../lxd/endpoints/network-forwards';
import { listenerQueries } from '../listeners/queries';

const forwards = listenerQueries(networkForwardCalls);

export const forwardsQuery = forwards.listQuery;
export const forwardQuery = forwards.itemQuery;
export const useCreateForward = forwards.useCreate;
export const useUpdateForward = forwards.useUpdate;
export const useDeleteForward = forwards.useDelete;
