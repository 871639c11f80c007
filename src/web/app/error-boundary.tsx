import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  /** A new key (the path) clears the error: navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

/** A screen that fails to load or render shows a way out instead of a blank page. */
export class ErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(Object.assign(new Error('screen failed', { cause: error }), { info }));
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
