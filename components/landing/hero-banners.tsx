'use client';

import Image from 'next/image';
import { useEffect, useState } from 'react';
import { useReducedMotion } from '@/lib/hooks/use-reduced-motion';

export type HeroSlide = {
  key: string;
  title: string;
  subtitle: string;
  src: string;
  width: number;
  height: number;
};

type Props = {
  slides: HeroSlide[];
  cta: { label: string; href: string };
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

export function HeroBanners({ slides, cta, labels }: Props) {
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
              className={`absolute inset-0 transition-opacity duration-700 ${active ? 'opacity-100' : 'opacity-0'}`}
            >
              <Image
                src={slide.src}
                alt=""
                width={slide.width}
                height={slide.height}
                // The first slide is the landing's LCP: fetched at once, ahead of everything.
                {...(index === 0
                  ? { preload: true, fetchPriority: 'high' as const }
                  : { loading: 'lazy' as const, fetchPriority: 'low' as const })}
                sizes="(min-width: 1152px) 1152px, 100vw"
                className="h-full w-full object-cover"
              />
              {/* On phones the text covers most of the picture, light artwork included: a darker scrim
                  keeps white text at 4.5:1 or more on every slide. */}
              <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/80 via-black/60 to-black/50 p-6 pb-14 sm:from-black/70 sm:via-black/20 sm:to-transparent sm:p-10 sm:pb-16">
                <h2 className="text-2xl font-bold text-white drop-shadow sm:text-4xl">
                  {slide.title}
                </h2>
                <p className="mt-2 max-w-xl text-sm text-white/90 sm:text-lg">{slide.subtitle}</p>
                <a
                  href={cta.href}
                  className="mt-4 inline-flex w-fit rounded-full bg-gold-400 px-5 py-2 text-sm font-semibold text-cacao-950 hover:bg-gold-500"
                >
                  {cta.label}
                </a>
              </div>
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
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </button>
  );
}
