import { Component, type ReactNode } from 'react';

interface Props {
  /** Named in the console message when the part fails. */
  name: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * A part of the frame the screen does without (the status bar's operation count): when it
 * throws, for example because its code could not be fetched while the host's network changed,
 * it shows nothing instead of replacing the whole screen with an error (React keeps a failed
 * lazy component failed; the next page load tries again).
 */
export class OptionalPart extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`${this.props.name} could not be shown`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
