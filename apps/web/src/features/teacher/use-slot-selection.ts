import type { TimeSlot } from '@ustaz/contract';
import { useCallback, useMemo, useState } from 'react';

/** The selection with `id` added, or removed when it was already there (a new set; the old one is kept). */
export function toggleSlotId(selected: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The sessionStorage key that keeps a guest's chosen slots of one teacher across the login detour. */
export function slotSelectionKey(teacherId: number): string {
  return `ustaz.slotSelection.${teacherId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the chosen slot ids of a teacher for this tab (called before a guest is sent to sign in). */
export function saveSlotSelection(teacherId: number, ids: Iterable<number>): void {
  try {
    storage()?.setItem(slotSelectionKey(teacherId), JSON.stringify([...ids]));
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}

/** The slot ids kept for a teacher (empty when none or unreadable). */
export function readSlotSelection(teacherId: number): ReadonlySet<number> {
  try {
    const raw = storage()?.getItem(slotSelectionKey(teacherId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/** Forgets the kept slots of a teacher (after booking, or when the selection is cleared). */
export function clearSlotSelection(teacherId: number): void {
  try {
    storage()?.removeItem(slotSelectionKey(teacherId));
  } catch {
    // Nothing to forget.
  }
}

/**
 * Several slots chosen at once. The chosen slots are always taken from the current list (in time
 * order), so a slot that is no longer offered (booked by someone else, list refetched) drops out.
 * With a `teacherId`, a selection kept for that teacher (a guest who went to sign in) is restored.
 */
export function useSlotSelection(slots: readonly TimeSlot[], teacherId?: number) {
  const [ids, setIds] = useState<ReadonlySet<number>>(() =>
    teacherId === undefined ? new Set() : readSlotSelection(teacherId),
  );
  const selected = useMemo(
    () => slots.filter((slot) => ids.has(slot.id)).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime)),
    [slots, ids],
  );
  const toggle = useCallback((id: number) => setIds((current) => toggleSlotId(current, id)), []);
  const clear = useCallback(() => {
    setIds(new Set());
    if (teacherId !== undefined) clearSlotSelection(teacherId);
  }, [teacherId]);
  const isSelected = useCallback((id: number) => ids.has(id), [ids]);
  /** Keeps the current selection for this teacher (before the login detour). */
  const keep = useCallback(() => {
    if (teacherId !== undefined) saveSlotSelection(teacherId, ids);
  }, [teacherId, ids]);
  return { selected, toggle, clear, isSelected, keep };
}
