import { Paper } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';

/** Space kept between a focused element and the bar (or the fixed header), beyond the focus ring. */
const CLEARANCE = 12;
/** The bar's whole height, border and padding included (stable: the hook observes once). */
const BORDER_BOX: ResizeObserverOptions = { box: 'border-box' };

/**
 * While a bar is stuck to the foot of the window, the browser keeps room for it when it scrolls an
 * element into view (Tab, a focus() call): nothing focused hides under the bar, nor under the app's
 * fixed header (WCAG 2.4.11). Cleared when the bar goes.
 */
function useRoomForBar(height: number) {
  useEffect(() => {
    const root = document.documentElement.style;
    root.scrollPaddingBottom = `${height + CLEARANCE}px`;
    root.scrollPaddingTop = `calc(var(--app-shell-header-offset, 0px) + ${CLEARANCE}px)`;
    return () => {
      root.scrollPaddingBottom = '';
      root.scrollPaddingTop = '';
    };
  }, [height]);
}

/**
 * A bar at the end of a long form that sticks to the foot of the window while the form goes on
 * below it, so that its totals and its button are always in view; at the end of the form it sits
 * in its place, under the last row, covering nothing.
 */
export function StickyFoot({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const { ref, height } = useElementSize<HTMLDivElement>(BORDER_BOX);
  useRoomForBar(height);
  return (
    <Paper
      ref={ref}
      component="section"
      aria-label={label}
      data-testid={testId}
      withBorder
      shadow="md"
      radius="md"
      px={{ base: 'sm', sm: 'md' }}
      py="xs"
      style={{ position: 'sticky', bottom: 0, zIndex: 3 }}
    >
      {children}
    </Paper>
  );
}
