/** The error boundary of a route: its errorElement when something below it throws. */
import { Component, createContext, type ReactNode } from 'react';

export const RouteErrorContext = createContext<unknown>(undefined);

interface BoundaryProps {
  fallback: ReactNode;
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
  failed: boolean;
}

/** Shows a route's errorElement when something below it throws; a new location resets it. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    error: undefined,
    resetKey: this.props.resetKey,
    failed: false,
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) {
      return { error: undefined, failed: false, resetKey: props.resetKey };
    }
    return null;
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        {this.props.fallback}
      </RouteErrorContext.Provider>
    );
  }
}

export function Thrower({ error }: { error: unknown }): never {
  throw error;
}
