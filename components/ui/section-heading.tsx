import type { ReactNode } from 'react';

type Props = { id?: string; title: string; children?: ReactNode };

export function SectionHeading({ id, title, children }: Props) {
  return (
    <header className="mb-8 text-center">
      <h2
        id={id}
        className="text-3xl font-bold tracking-tight text-cacao-800 sm:text-4xl dark:text-cacao-100"
      >
        {title}
      </h2>
      {children ? (
        <div className="mx-auto mt-3 max-w-2xl text-cacao-600 dark:text-cacao-300">{children}</div>
      ) : null}
    </header>
  );
}
