import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The navigation bar's mobile menu: closed on navigation. While it is open: no body scroll, focus
 * inside it, Escape closes it, and it closes when the window grows past the breakpoint where the
 * menu does not exist; focus then returns to the button that opened it.
 */
export function useMobileMenu() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Close the menu on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const openButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButtonRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    const wide = window.matchMedia('(min-width: 1024px)');
    const onWide = () => wide.matches && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    const opener = openButtonRef.current;
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
      if (document.activeElement === document.body || !document.activeElement) opener?.focus();
    };
  }, [menuOpen]);

  return { menuOpen, setMenuOpen, openButtonRef, closeButtonRef };
}
