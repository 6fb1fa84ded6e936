import { Component, type ReactNode } from 'react';
import { RouteError } from '../features/errors/components/route-error.tsx';

type TProps = { children: ReactNode /** A new address clears the error. */; resetKey: string };
type TState = { error: unknown; resetKey: string };

/** Catches a page that fails to render or to download, and shows the error panel. */
export class RouteErrorBoundary extends Component<TProps, TState> {
  override state: TState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<TState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: TProps, state: TState): Partial<TState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
