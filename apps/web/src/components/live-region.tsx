import { VisuallyHidden } from '@mantine/core';
import { useAnnouncement } from '../lib/announcer';

/** The layout's one polite live region (issue 14): what `announce()` was last given. */
export function LiveRegion() {
  const { text, count } = useAnnouncement();
  return (
    <VisuallyHidden aria-live="polite" aria-atomic data-testid="live-region">
      {/* A new key per announcement: the reader hears a repeated text again. */}
      <span key={count}>{text}</span>
    </VisuallyHidden>
  );
}
