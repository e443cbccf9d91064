import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `xs` breakpoint (576 px) tables fold so that nothing scrolls sideways. */
export const PHONE_QUERY = '(max-width: 35.99em)';

/** Whether the screen is phone-sized; every responsive layout asks this one question. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
