import { type FocusEvent, useState } from 'react';

/**
 * Whether the pointer is over an element or the focus is inside it, and the handlers that track it:
 * both carousels stop turning while someone reads or operates them (WCAG 2.2.2).
 */
export function useHoverFocus() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
  };
  return { engaged: hovered || focused, handlers };
}
