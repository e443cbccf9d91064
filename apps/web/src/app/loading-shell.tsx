/**
 * The loading shell of index.html (its styles are inline there), drawn by React while the first
 * screen's chunk loads, so that a slow network goes on showing it instead of a blank page.
 */
export function LoadingShell() {
  return (
    <div className="boot" role="status">
      <div className="boot-spinner" aria-hidden="true" />
      <div className="boot-name">School Bank</div>
      <div>Loading…</div>
    </div>
  );
}
