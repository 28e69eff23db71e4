/**
 * The boot shell of index.html (top bar and page skeleton, styled by index.html's inline CSS), as the router's
 * HydrateFallback: shown until the first page's chunk is in, so the page looks the same from the first byte
 * of HTML until the real top bar replaces it, and React Router has its initial-load element.
 */
export function BootShell() {
  return (
    <div className="boot-shell" data-testid="boot-shell" aria-busy="true">
      <div className="boot-shell-progress" data-testid="boot-progress" role="progressbar" />
      <div className="boot-shell-bar">
        <img className="boot-shell-logo" src="/favicon.svg" alt="" width={28} height={28} />
        <span className="boot-shell-line boot-shell-brand" />
        <span className="boot-shell-nav">
          <span className="boot-shell-line" />
          <span className="boot-shell-line" />
          <span className="boot-shell-line" />
          <span className="boot-shell-line" />
        </span>
      </div>
      <div className="boot-shell-page">
        <span className="boot-shell-block" />
        <span className="boot-shell-line" />
        <span className="boot-shell-line" />
      </div>
    </div>
  );
}
