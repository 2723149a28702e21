import { cx } from './class-names.ts';

/** Subjects as toggle chips (checkboxes), the chosen ones highlighted. */
export function SubjectChips({
  subjects,
  chosen,
  onToggle,
}: {
  subjects: readonly { id: number; name: string }[];
  chosen: readonly number[];
  onToggle: (id: number, checked: boolean) => void;
}) {
  return (
    <ul className="flex flex-wrap gap-2">
      {subjects.map((subject) => {
        const checked = chosen.includes(subject.id);
        return (
          <li key={subject.id}>
            <label
              className={cx(
                'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
                checked ? 'border-primary bg-primary/10 text-primary' : 'border-slate-300 bg-white text-slate-700',
              )}
            >
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={checked}
                onChange={(event) => onToggle(subject.id, event.target.checked)}
              />
              <span dir="auto">{subject.name}</span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
