import { type KeyboardEvent, useRef, useState } from 'react';
import { logSubjectNotFound } from './api/log-not-found.ts';
import { addCustomSubject, removeCustomSubject } from './custom-subjects.ts';

/**
 * The custom subjects of the selection: the text being typed, the list (Enter adds the text), and
 * each new one reported once as a subject not found.
 */
export function useCustomSubjects(initial: string[]) {
  const [customSubjects, setCustomSubjects] = useState<string[]>(initial);
  const [customText, setCustomText] = useState('');
  const logged = useRef(new Set<string>());

  function addCustom(text: string): string[] {
    const { list, added } = addCustomSubject(customSubjects, text);
    if (!added) return customSubjects;
    setCustomSubjects(list);
    const key = added.toLocaleLowerCase();
    if (!logged.current.has(key)) {
      logged.current.add(key);
      void logSubjectNotFound(added);
    }
    return list;
  }

  function handleCustomKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!customText.trim()) return;
    addCustom(customText);
    setCustomText('');
  }

  return {
    customSubjects,
    customText,
    setCustomText,
    handleCustomKey,
    remove: (name: string) => setCustomSubjects((list) => removeCustomSubject(list, name)),
    /** The list with the typed text added (text typed but not yet added with Enter counts as added). */
    withTyped: (): string[] => (customText.trim() ? addCustom(customText) : customSubjects),
  };
}

export type CustomSubjectsState = ReturnType<typeof useCustomSubjects>;
