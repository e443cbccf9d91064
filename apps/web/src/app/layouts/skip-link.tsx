import { uiText } from '../../lib/ui-text';
import { focusPage } from '../../lib/page-focus';

/** The first tab stop: straight to the screen's heading, past the header and the menu. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        focusPage(document.getElementById('main'));
      }}
    >
      {uiText.skipToContent}
    </a>
  );
}
