import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchServer } from '../../lxd/endpoints/server';

export const serverKeys = {
  all: ['server'] as const,
};

export const serverQuery = queryOptions({
  queryKey: serverKeys.all,
  queryFn: ({ signal }) => fetchServer(signal),
});

/** The server settings (GET /1.0), shared by every screen. */
export function useServer() {
  return useQuery(serverQuery);
}
