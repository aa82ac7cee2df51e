// Catches a render error below it and shows what went wrong with a way out (try again, go
// home) instead of a blank page. Give it a `resetKey` (e.g. the location) to clear the error
// when it changes.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { appHref } from "../lib/routes.ts";
import { buttonClass } from "./Button.tsx";

interface Props {
  children: ReactNode;
  resetKey?: unknown;
}
interface State {
  error: Error | null;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("RedPen: a screen failed to render", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-2xl p-6">
        <div className="rounded-lg border border-red-200 bg-white p-6 shadow-sm">
          <h1 className="text-lg font-semibold text-red-700">
            Something went wrong on this screen
          </h1>
          <p className="mt-2 text-sm text-slate-700">
            Your stored studies and annotations are not affected. The error was:
          </p>
          <pre className="mt-3 overflow-x-auto rounded bg-slate-50 p-3 text-xs text-slate-800">
            {error.message}
          </pre>
          <div className="mt-4 flex gap-2">
            <button
              type="button"
              className={buttonClass("primary")}
              onClick={() => this.setState({ error: null })}
            >
              Try again
            </button>
            <a className={buttonClass("secondary")} href={appHref("/")}>
              Back to the studies
            </a>
          </div>
        </div>
      </div>
    );
  }
}
