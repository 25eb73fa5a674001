import { lazy, Suspense, useState } from 'react';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { importWithRetry } from '../../../../shared/routing/lazy';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { Loader } from '../../../../shared/ui/Loader';
import { DeniedState } from '../../../../shared/ui/States';
import { TextConsole } from './TextConsole';
import './console.scss';

const SpiceConsole = lazy(() => importWithRetry(() => import('./SpiceConsole')));

/** Containers have a text console; virtual machines also a graphical (SPICE) one. */
export default function ConsoleTab({ instance }: { instance: LxdInstance }) {
  const isVm = instance.type === 'virtual-machine';
  const [mode, setMode] = useState<'graphic' | 'text'>(isVm ? 'graphic' : 'text');
  const running = instance.status === 'Running';
  const denied = usePermissions().on('instance', 'console', instance);
  if (denied) return <DeniedState title="No console access" reason={denied} />;

  return (
    <div>
      {isVm && (
        <div
          className="console-mode p-segmented-control"
          role="radiogroup"
          aria-label="Console type"
        >
          {(['graphic', 'text'] as const).map((item) => (
            <label key={item} className="p-radio--inline">
              <input
                type="radio"
                className="p-radio__input"
                name="console-mode"
                checked={mode === item}
                onChange={() => setMode(item)}
              />
              <span className="p-radio__label">
                {item === 'graphic' ? 'Graphic console' : 'Text console'}
              </span>
            </label>
          ))}
        </div>
      )}
      {mode === 'graphic' && isVm ? (
        running ? (
          <Suspense fallback={<Loader text="Loading the graphic console…" />}>
            <SpiceConsole instance={instance} />
          </Suspense>
        ) : (
          <p role="status">Start the virtual machine to see its screen.</p>
        )
      ) : (
        <TextConsole key={instance.status} instance={instance} />
      )}
    </div>
  );
}
