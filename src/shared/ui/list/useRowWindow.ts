/**
 * Which rows of a fixed-height list are in view in a scrolling element: only those (and a few
 * around them) are rendered, so the DOM stays the same size at 10 or 10,000 rows.
 */
import { useEffect, useState, type RefObject } from 'react';

export interface RowWindow {
  /** First and last+1 rows to render (with overscan). */
  start: number;
  end: number;
  /** First and last+1 rows actually in view. */
  firstVisible: number;
  endVisible: number;
  paddingTop: number;
  paddingBottom: number;
}

/** The rows to render for a scroll position (pure, for tests). */
export function rowWindow(options: {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  /** Height of what comes before the first row inside the scrolling element (the header). */
  offset: number;
  overscan: number;
}): RowWindow {
  const { count, rowHeight, overscan } = options;
  const top = Math.max(0, options.scrollTop - options.offset);
  const firstVisible = Math.min(count, Math.floor(top / rowHeight));
  const endVisible = Math.min(count, Math.ceil((top + options.viewportHeight) / rowHeight));
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(count, endVisible + overscan);
  return {
    start,
    end,
    firstVisible,
    endVisible,
    paddingTop: start * rowHeight,
    paddingBottom: (count - end) * rowHeight,
  };
}

/** Before the element is measured (and in tests without layout). */
const DEFAULT_VIEWPORT = 800;

export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  options: { count: number; rowHeight: number; offset: number; overscan: number },
): RowWindow {
  const [viewport, setViewport] = useState({ scrollTop: 0, height: DEFAULT_VIEWPORT });

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const height = element.clientHeight || DEFAULT_VIEWPORT;
      const scrollTop = element.scrollTop;
      setViewport((current) =>
        current.height === height && current.scrollTop === scrollTop
          ? current
          : { scrollTop, height },
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    read();
    element.addEventListener('scroll', schedule, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', schedule);
      observer?.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [scrollRef]);

  return rowWindow({
    count: options.count,
    rowHeight: options.rowHeight,
    scrollTop: viewport.scrollTop,
    viewportHeight: viewport.height,
    offset: options.offset,
    overscan: options.overscan,
  });
}
