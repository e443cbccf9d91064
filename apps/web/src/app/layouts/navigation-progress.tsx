import { useNavigation } from 'react-router';
import { screenMessages } from '@bank/shared';
import classes from './navigation-progress.module.css';

/**
 * A route waits for its files and its first data before the next screen shows (issue 22), and
 * until then the screen stays as it is: on a slow network a tap would seem to do nothing. While the
 * router is loading, a thin moving bar under the header says the tap was heard (after 0.2 s, so a
 * quick navigation shows nothing), named for a screen reader.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className={classes.bar}
      role="progressbar"
      aria-label={screenMessages.ui.loading}
      data-testid="navigation-progress"
    />
  );
}
