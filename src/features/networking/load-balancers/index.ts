/** What the rest of the area uses of load-balancers. */
export { LoadBalancersTab } from './LoadBalancersTab';
