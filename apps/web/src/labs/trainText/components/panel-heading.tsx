import type { ReactNode } from 'react';

/** The numbered heading of one of the three steps (examples → train → test). */
export function PanelHeading({ step, title, extra }: { step: number; title: string; extra?: ReactNode }) {
  return (
    <div className="tt-panel-head">
      <h2 className="tt-step">
        <span className="tt-step-num" aria-hidden>
          {step}
        </span>
        {title}
      </h2>
      {extra}
    </div>
  );
}
