/**
 * Keeps the cached instance lists current while a screen that shows them is open: each instance
 * lifecycle event is applied to them in place (./applyInstanceEvent.ts; they are never refetched
 * for one instance's change). The instance list and the overview use it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyInstanceEvent } from './applyInstanceEvent';
import { onInstanceEvent } from './events';

export function useLiveInstanceLists(): void {
  const client = useQueryClient();
  useEffect(() => onInstanceEvent((event) => applyInstanceEvent(client, event)), [client]);
}
