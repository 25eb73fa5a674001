import { isRouteErrorResponse, useRouteError } from 'react-router';
import {
  GenericErrorScreen,
  ModuleLoadFailedScreen,
  NotFoundScreen,
  isModuleLoadError,
} from './ErrorScreens';

/** The error boundary of every screen: a failed lazy load, a 404, or anything else. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isModuleLoadError(error)) return <ModuleLoadFailedScreen />;
  return <GenericErrorScreen error={error} />;
}
