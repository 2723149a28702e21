import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type PathValue, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

type Checked<Body, Field extends string> = { body: Body } | { errors: Partial<Record<Field, string>> };

/** A form's own check as a zod schema: the body it gives, or each field's translation key as an issue. */
function checkSchema<Values extends FieldValues, Body>(check: (values: Values) => Checked<Body, string>) {
  return z.custom<Values>().transform((values, context) => {
    const checked = check(values);
    if ('body' in checked) return checked.body;
    for (const [field, key] of Object.entries(checked.errors)) {
      if (key) context.addIssue({ code: 'custom', path: [field], message: key });
    }
    return z.NEVER;
  });
}

/**
 * A form of the availability editor (slot and weekly forms) on react-hook-form: `check` reads the
 * values into the body or names each field's problem (a translation key), and runs again on each
 * change once the form was sent; `refusal` reads a failed save into the same keys (slotErrorKeys)
 * with a general one. `bind(name, error)` gives a text
 * field its name, value, change and error, written left to right; `set` changes any value.
 */
export function useCheckedForm<Values extends FieldValues, Body, Result>({
  initial,
  check,
  save,
  refusal,
  onSaved,
  onStale,
}: {
  initial: Values;
  check: (values: Values) => Checked<Body, keyof Values & string>;
  save: (body: Body) => Promise<Result>;
  refusal: (error: unknown) => {
    general: string | null;
    fields: Partial<Record<keyof Values & string, string>>;
    stale: boolean;
  };
  onSaved: (result: Result, body: Body) => void;
  /** The item changed on the server meanwhile: the list should be reloaded. */
  onStale?: () => void;
}) {
  type Field = keyof Values & string;
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<Values, unknown, Body>({
    resolver: zodResolver(checkSchema<Values, Body>(check)),
    defaultValues: initial as DefaultValues<Values>,
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control }) as Values;
  const errors = Object.fromEntries(
    Object.entries(form.formState.errors).map(([field, error]) => [field, error?.message as string | undefined]),
  ) as Partial<Record<Field, string>>;

  function set<K extends Field>(field: K, value: Values[K]) {
    form.setValue(field as unknown as Path<Values>, value as PathValue<Values, Path<Values>>, {
      shouldValidate: form.formState.isSubmitted,
    });
    setGeneral(null);
  }

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      onSaved(await save(body), body);
    } catch (error) {
      const keys = refusal(error);
      for (const [field, key] of Object.entries(keys.fields)) {
        if (key) form.setError(field as Path<Values>, { type: 'server', message: key as string });
      }
      setGeneral(keys.general);
      if (keys.stale) onStale?.();
    }
  });

  /** A text field bound to the form: its name, value, change and error; written left to right. */
  function bind<K extends Field>(name: K, error: string | undefined) {
    return {
      name,
      dir: 'ltr',
      value: String(values[name] ?? ''),
      onValueChange: (value: string) => set(name, value as Values[K]),
      error,
    };
  }

  return {
    values,
    errors,
    general,
    submitting: form.formState.isSubmitting,
    set,
    bind,
    submit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
