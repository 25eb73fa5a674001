/** The pieces of the overview: a section, a figure that could not be read. */
import type { ReactNode } from 'react';
import { isRefused } from '../queries';

export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** What a figure says when its request failed: refused (403) or LXD's message. */
export function Unreadable({ what, error }: { what: string; error: unknown }) {
  return (
    <p className="overview__unreadable">
      {isRefused(error)
        ? `You do not have permission to view ${what}.`
        : `Could not load ${what}: ${errorText(error)}`}
    </p>
  );
}

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="overview__section" aria-labelledby={`overview-${id}`}>
      <h2 className="p-heading--5" id={`overview-${id}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
