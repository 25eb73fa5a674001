/**
 * Network load balancer calls (servers with `network_load_balancer`; LXD 5.0 lacks them). Shaped
 * by the LXD reference: /1.0/networks/{network}/load-balancers. The reference has no state
 * endpoint for a load balancer (only for load balancer pools), so none is called.
 */
import type {
  LxdNetworkLoadBalancer,
  LxdNetworkLoadBalancerPut,
  LxdNetworkLoadBalancersPost,
} from '../types/network';
import { listenerCalls } from './network-listeners';

export const loadBalancerCalls = listenerCalls<
  LxdNetworkLoadBalancer,
  LxdNetworkLoadBalancersPost,
  LxdNetworkLoadBalancerPut
>('load-balancers');

export const {
  list: fetchLoadBalancers,
  get: fetchLoadBalancer,
  create: createLoadBalancer,
  update: updateLoadBalancer,
  remove: deleteLoadBalancer,
} = loadBalancerCalls;
