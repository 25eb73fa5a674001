import { loadBalancerCalls } from '../../../lxd/endpoints/network-load-balancers';
import { listenerQueries } from '../listeners/queries';

const balancers = listenerQueries(loadBalancerCalls);

export const loadBalancersQuery = balancers.listQuery;
export const loadBalancerQuery = balancers.itemQuery;
export const useCreateLoadBalancer = balancers.useCreate;
export const useUpdateLoadBalancer = balancers.useUpdate;
export const useDeleteLoadBalancer = balancers.useDelete;
