import { t } from '@lingui/core/macro';
import { onlineManager, QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError, isApiError } from '@/api/api-error';
import { isMissingCodeError } from '@/lib/new-version';
import { QueryErrorAlert } from './query-error-alert';

/**
 * One part of a page (a map, a chart, a list, a side panel) that fails alone: an error while it
 * renders, or a read it throws, is shown in its place with what failed and a Try again, and the
 * rest of the page goes on working. Try again clears the reads that failed in it (so they are
 * fetched again) and renders it anew. The route's error view stays for a page that cannot be
 * shown at all.
 */
export function SectionBoundary({
  what,
  failureClassName,
  children,
}: {
  /** What the part is, as the start of a sentence: "The map", "The geofence list". */
  what: string;
  /** Places the message where the page's overlays leave it in view. */
  failureClassName?: string;
  children: ReactNode;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <CaughtSection what={what} onReset={reset} failureClassName={failureClassName}>
          {children}
        </CaughtSection>
      )}
    </QueryErrorResetBoundary>
  );
}

interface CaughtSectionProps {
  what: string;
  failureClassName: string | undefined;
  onReset: () => void;
  children: ReactNode;
}

/** React catches render errors only in a class component. */
class CaughtSection extends Component<CaughtSectionProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Support reads the console: say which part failed and where.
    console.error(`${this.props.what} could not be shown`, error, info.componentStack);
  }

  private tryAgain = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const what = this.props.what;
    if (isMissingCodeError(error)) {
      // A page whose code is gone after a new release: the route's view reloads it. Offline, the
      // part's code was never kept here: it says so in its place, and the page goes on.
      if (onlineManager.isOnline()) throw error;
      return (
        <div className={this.props.failureClassName}>
          <QueryErrorAlert
            title={t`${what} needs the connection`}
            error={error}
            message={t`You are offline, and this part was not shown on this computer before.`}
            onRetry={this.tryAgain}
          />
        </div>
      );
    }
    return (
      <div className={this.props.failureClassName}>
        <QueryErrorAlert
          title={t`${what} could not be shown`}
          error={error}
          // The service's own words for a failed read; a fault in the console's code says so plainly.
          message={
            isApiError(error)
              ? describeError(error)
              : t`Something went wrong in the console while showing it.`
          }
          onRetry={this.tryAgain}
        />
      </div>
    );
  }
}
