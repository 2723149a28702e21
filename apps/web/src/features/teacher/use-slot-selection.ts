import type { TimeSlot } from '@ustaz/contract';
import { useCallback, useMemo, useState } from 'react';

/** The selection with `id` added, or removed when it was already there (a new set; the old one is kept). */
export function toggleSlotId(selected: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * Several slots chosen at once. The chosen slots are always taken from the current list (in time
 * order), so a slot that is no longer offered (booked by someone else, list refetched) drops out.
 */
export function useSlotSelection(slots: readonly TimeSlot[]) {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const selected = useMemo(
    () => slots.filter((slot) => ids.has(slot.id)).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime)),
    [slots, ids],
  );
  const toggle = useCallback((id: number) => setIds((current) => toggleSlotId(current, id)), []);
  const clear = useCallback(() => setIds(new Set()), []);
  const isSelected = useCallback((id: number) => ids.has(id), [ids]);
  return { selected, toggle, clear, isSelected };
}
