import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from '../../../shared/routing/router';
import { Loader } from '../../../shared/ui/Loader';
import {
  GenericErrorScreen,
  ModuleLoadFailedScreen,
  NotFoundScreen,
  isModuleLoadError,
  reloadForModuleLoad,
} from './ErrorScreens';

/** A failed lazy load: one automatic reload (see reloadForModuleLoad), else the explanation. */
function ModuleLoadFailed() {
  const [reload] = useState(() => reloadForModuleLoad(globalThis.sessionStorage));
  useEffect(() => {
    if (reload) window.location.reload();
  }, [reload]);
  return reload ? <Loader text="Reloading the console…" /> : <ModuleLoadFailedScreen />;
}

/** The error boundary of every screen: a failed lazy load, a 404, or anything else. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isModuleLoadError(error)) return <ModuleLoadFailed />;
  return <GenericErrorScreen error={error} />;
}
