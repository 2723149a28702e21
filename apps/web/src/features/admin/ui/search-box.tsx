import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { Search } from '../../../shared/ui/icons.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';

/**
 * A list's search field: the list is asked again only on Enter or the button, not on every key.
 * `value` is the search in the URL; the field follows it when the URL changes (back button).
 */
export function SearchBox({
  name = 'search',
  label,
  placeholder,
  value,
  onApply,
  maxLength = 100,
}: {
  name?: string;
  label: string;
  placeholder?: string;
  value: string;
  onApply: (value: string) => void;
  maxLength?: number;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(text.trim());
  }

  return (
    <search className="flex min-w-0 flex-1">
      <form onSubmit={submit} className="flex min-w-0 flex-1 items-end gap-2">
        <TextInput
          name={name}
          type="search"
          label={label}
          placeholder={placeholder}
          value={text}
          onValueChange={setText}
          maxLength={maxLength}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" className="size-4" />
          {t('actions.search')}
        </Button>
      </form>
    </search>
  );
}
