'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useReducedMotion } from '@/lib/hooks/use-reduced-motion';

/** One slide: its picture and caption, rendered on the server (hero-section.tsx). */
export type HeroSlide = { key: string; content: ReactNode };

type Props = {
  slides: HeroSlide[];
  labels: {
    region: string;
    previous: string;
    next: string;
    pause: string;
    play: string;
    slide: string[];
    goTo: string[];
  };
};

const ROTATION_MS = 5000;

export function HeroBanners({ slides, labels }: Props) {
  const [current, setCurrent] = useState(0);
  // null: no explicit choice, so rotation follows the reduced-motion preference.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [interacting, setInteracting] = useState(false);
  const reducedMotion = useReducedMotion();
  const rotating = (choice ?? (reducedMotion ? 'pause' : 'play')) === 'play';

  useEffect(() => {
    if (!rotating || interacting) return;
    const timer = setInterval(
      () => setCurrent((index) => (index + 1) % slides.length),
      ROTATION_MS,
    );
    return () => clearInterval(timer);
  }, [rotating, interacting, slides.length]);

  const go = (delta: number) =>
    setCurrent((index) => (index + delta + slides.length) % slides.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={labels.region}
      className="relative mx-auto max-w-6xl overflow-hidden sm:rounded-3xl"
      onMouseEnter={() => setInteracting(true)}
      onMouseLeave={() => setInteracting(false)}
      onFocus={() => setInteracting(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setInteracting(false);
      }}
    >
      <div
        className="relative aspect-[740/420] w-full bg-cacao-800"
        aria-live={rotating ? 'off' : 'polite'}
      >
        {slides.map((slide, index) => {
          const active = index === current;
          return (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={labels.slide[index]}
              aria-hidden={!active}
              inert={!active}
              data-active={active}
              // Pictures cross-fade; captions switch at once (hero-section.tsx), so text is never
              // shown half-transparent over a picture.
              className="group absolute inset-0"
            >
              {slide.content}
            </div>
          );
        })}
      </div>
      <div className="absolute right-3 bottom-3 flex items-center gap-2 sm:right-6 sm:bottom-5">
        <ControlButton label={labels.previous} onClick={() => go(-1)}>
          <path d="M15 18l-6-6 6-6" />
        </ControlButton>
        <ControlButton
          label={rotating ? labels.pause : labels.play}
          onClick={() => setChoice(rotating ? 'pause' : 'play')}
        >
          {rotating ? <path d="M9 6v12M15 6v12" /> : <path d="M8 5l11 7-11 7z" />}
        </ControlButton>
        <ControlButton label={labels.next} onClick={() => go(1)}>
          <path d="M9 6l6 6-6 6" />
        </ControlButton>
      </div>
      {/* Each dot is drawn small inside a 24x24 target. */}
      <div className="absolute bottom-4 left-5 hidden sm:flex">
        {slides.map((slide, index) => (
          <button
            key={slide.key}
            type="button"
            aria-label={labels.goTo[index]}
            aria-current={index === current}
            onClick={() => setCurrent(index)}
            className="group grid h-6 min-w-6 place-items-center px-1"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${index === current ? 'w-8 bg-white' : 'w-2.5 bg-white/50 group-hover:bg-white/80'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

function ControlButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-10 place-items-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/65"
    >
      {/* Stroked as the UI kit's icons (components/ui/icons.tsx). */}
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 icon">
        {children}
      </svg>
    </button>
  );
}
