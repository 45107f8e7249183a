import type { ReactNode } from 'react';

type Props = { id?: string; title: string; children?: ReactNode };

/** A section's centred title and lead; its look is in app/globals.css (section-*). */
export function SectionHeading({ id, title, children }: Props) {
  return (
    <header className="mb-8 text-center">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children ? <div className="section-lead">{children}</div> : null}
    </header>
  );
}
