import { directionOf, HOME, type Language } from '@ustaz/contract/constants';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useHoverFocus } from './use-hover-focus.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

/** A horizontal touch swipe of at least this many pixels changes the slide. */
const SWIPE_PX = 50;

/**
 * The hero carousel's state: the shown slide, the transition (no other move during it), the
 * autoplay (every 5 s, looping; not with reduced motion, while paused, hovered or focused) and
 * the touch swipe (against the reading direction brings the next slide).
 */
export function useHeroCarousel(count: number, language: Language) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [moving, setMoving] = useState(false);
  const [paused, setPaused] = useState(false);
  const { engaged, handlers } = useHoverFocus();
  const movingRef = useRef(false);
  const swipeStart = useRef<number | null>(null);

  const transitionTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(transitionTimer.current), []);

  const goTo = useCallback(
    (target: number) => {
      if (movingRef.current || count < 2) return;
      movingRef.current = true;
      setMoving(true);
      setIndex(((target % count) + count) % count);
      transitionTimer.current = setTimeout(() => {
        movingRef.current = false;
        setMoving(false);
      }, HOME.heroTransitionMs);
    },
    [count],
  );

  const autoplay = !reducedMotion && !paused && !engaged && count > 1;
  useEffect(() => {
    if (!autoplay) return;
    const timer = setTimeout(() => goTo(index + 1), HOME.heroAutoplayMs);
    return () => clearTimeout(timer);
  }, [autoplay, index, goTo]);

  const swipe = {
    onPointerDown(event: PointerEvent) {
      swipeStart.current = event.pointerType === 'mouse' ? null : event.clientX;
    },
    onPointerUp(event: PointerEvent) {
      const start = swipeStart.current;
      swipeStart.current = null;
      if (start === null) return;
      const delta = event.clientX - start;
      if (Math.abs(delta) < SWIPE_PX) return;
      // Swiping against the reading direction brings the next slide.
      const forward = directionOf(language) === 'rtl' ? delta > 0 : delta < 0;
      goTo(forward ? index + 1 : index - 1);
    },
    onPointerCancel() {
      swipeStart.current = null;
    },
  };

  return { index, moving, paused, setPaused, handlers, reducedMotion, autoplay, goTo, swipe };
}
