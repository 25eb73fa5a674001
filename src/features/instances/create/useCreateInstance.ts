/**
 * The creation flow: POST /1.0/instances, the operation's progress until it ends, then (for
 * 'Create and start' on servers without `instance_create_start`) a separate start.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchOperation, postInstance } from '../../../lxd/endpoints/instance-create';
import { waitForOperation } from '../../../lxd/operations';
import type { LxdOperation } from '../../../lxd/types/operation';
import { urlName } from '../../../lxd/url-name';
import { changeInstanceState } from '../actions';
import { instanceKeys } from '../keys';
import { progressText } from './create-body';

export const PROGRESS_POLL_MS = 1000;

export type CreatePhase =
  | { step: 'idle' }
  | { step: 'creating'; name: string; progress: string }
  | { step: 'starting'; name: string };

export interface CreateResult {
  name: string;
  started: boolean;
  /** The instance exists but did not start. */
  startError?: string;
}

/** The name LXD gave the instance (it picks one when the body has none). */
function createdName(operation: LxdOperation | undefined, asked: string): string {
  const url = operation?.resources?.instances?.[0];
  const fromUrl = url ? urlName(url) : '';
  return fromUrl || asked;
}

export function useCreateInstance(project: string, createAndStartInOneCall: boolean) {
  const client = useQueryClient();
  const [phase, setPhase] = useState<CreatePhase>({ step: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const update = useCallback((next: CreatePhase) => {
    if (mounted.current) setPhase(next);
  }, []);

  const create = useCallback(
    async (
      body: Record<string, unknown> & { name?: unknown },
      options: { start: boolean; target?: string | undefined },
    ): Promise<CreateResult> => {
      const asked = typeof body.name === 'string' ? body.name : '';
      update({ step: 'creating', name: asked, progress: '' });
      const oneCall = options.start && createAndStartInOneCall;
      let timer: ReturnType<typeof setInterval> | undefined;
      try {
        const id = await postInstance(
          project,
          oneCall ? { ...body, start: true } : body,
          options.target,
        );
        let operation: LxdOperation | undefined;
        if (id) {
          timer = setInterval(() => {
            fetchOperation(id)
              .then((running) => {
                update({ step: 'creating', name: asked, progress: progressText(running.metadata) });
              })
              .catch(() => undefined);
          }, PROGRESS_POLL_MS);
          operation = await waitForOperation(id, { project });
        }
        const name = createdName(operation, asked);
        if (!options.start || oneCall) return { name, started: options.start };
        update({ step: 'starting', name });
        try {
          await changeInstanceState({ name, project }, 'start');
          return { name, started: true };
        } catch (error) {
          return {
            name,
            started: false,
            startError: error instanceof Error ? error.message : String(error),
          };
        }
      } finally {
        if (timer) clearInterval(timer);
        void client.invalidateQueries({ queryKey: instanceKeys.all });
        update({ step: 'idle' });
      }
    },
    [client, project, createAndStartInOneCall, update],
  );

  return { phase, create };
}
