import { Paper, Stack, Title } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A create or edit form, hidden until opened (spec §4). Opening it brings it into view and puts the
 * cursor in its first field; closing it gives the focus back to what opened it.
 */
export function FormPanel({
  title,
  children,
  maw = 720,
}: {
  title: string;
  children: ReactNode;
  /** The panel's widest: a form of a few fields reads best narrow, one with a table needs more. */
  maw?: number;
}) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    panel.current
      ?.querySelector<HTMLElement>('input:not([readonly]), select')
      ?.focus({ preventScroll: true });
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <Paper
      withBorder
      shadow="sm"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      ref={panel}
      component="section"
      aria-labelledby={titleId}
      mb="lg"
      maw={maw}
      // Scrolled into view below the fixed header, not under it.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 60px) + 16px)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId} tabIndex={-1} data-panel-heading>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
