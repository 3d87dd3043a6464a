// A card for one trend read: its heading, then the read's state — loading, failed, empty, or
// the figures it holds.
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@omega/ui';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../lib/error-message.js';
import './trends.css';

/** What a chart needs from its read (an SWR answer fits). */
export interface TrendRead<T> {
  data?: T;
  error?: unknown;
}

export interface TrendCardProps<T> {
  title: string;
  /** What the read brings, for 'Loading the sign-ins…' and 'Could not load the sign-ins: …'. */
  what: string;
  read: TrendRead<T>;
  /** The sentence shown instead of the figures when there is nothing to draw, else null. */
  empty?: (data: T) => string | null;
  children: (data: T) => ReactNode;
}

export function TrendCard<T>({ title, what, read, empty, children }: TrendCardProps<T>) {
  const { data, error } = read;
  let body: ReactNode;
  if (error) {
    body = (
      <p role="alert">
        Could not load {what}: {errorMessage(error)}
      </p>
    );
  } else if (data === undefined) {
    body = (
      <div aria-busy="true">
        <Skeleton className="omega-trend__loading" />
        <p className="omega-visually-hidden">Loading {what}…</p>
      </div>
    );
  } else {
    const nothing = empty?.(data) ?? null;
    body = nothing === null ? children(data) : <p className="omega-trend__empty">{nothing}</p>;
  }
  return (
    <Card className="omega-trend-card">
      <CardHeader>
        <CardTitle>
          <h3 className="omega-card-heading">{title}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
