/** One choice of a radio group (a fieldset with a legend): a 44 px row, the control, and its label. */
export function RadioOption({
  name,
  value,
  checked,
  onSelect,
  label,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="size-4 accent-primary"
      />
      <span className="text-sm text-slate-900">{label}</span>
    </label>
  );
}
