import type { CSSProperties } from 'react';
import { useAnnouncement } from '../lib/announcer';

/** Out of sight, still read (the rules of Mantine's VisuallyHidden). */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * The page's one polite live region (issue 14): what `announce()` was last given. Plain React, so
 * that the sign-in page, which runs before Mantine is loaded (issue 13), has the same one.
 */
export function LiveRegion() {
  const { text, count } = useAnnouncement();
  return (
    <span style={visuallyHidden} aria-live="polite" aria-atomic data-testid="live-region">
      {/* A new key per announcement: the reader hears a repeated text again. */}
      <span key={count}>{text}</span>
    </span>
  );
}
