import { useEffect } from 'react';

/** How many mounted chat panels show the conversation with each other user (the page, the lesson room). */
const shown = new Map<number, number>();

/** Marks the conversation with `otherUserId` as on screen while the calling component is mounted. */
export function useShownConversation(otherUserId: number): void {
  useEffect(() => {
    shown.set(otherUserId, (shown.get(otherUserId) ?? 0) + 1);
    return () => {
      const left = (shown.get(otherUserId) ?? 1) - 1;
      if (left > 0) shown.set(otherUserId, left);
      else shown.delete(otherUserId);
    };
  }, [otherUserId]);
}

/** Whether a chat panel on screen shows the conversation with `otherUserId` (its messages need no toast). */
export function isConversationShown(otherUserId: number): boolean {
  return shown.has(otherUserId);
}
