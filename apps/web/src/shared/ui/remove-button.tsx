import { cx } from './class-names.ts';
import { X } from './icons.tsx';

/** Where the button sits: over a picture's corner, or at the end of a chip (`tall` for the taller chips). */
const TONES = {
  overlay: 'absolute end-0.5 top-0.5 size-6 bg-slate-900/70 text-white hover:bg-slate-900',
  chip: 'size-7 hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-primary',
  tall: 'size-8 hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-primary',
} as const;

/** A round X button that removes one item (a picked image, a filter, a subject); `label` names what it removes. */
export function RemoveButton({
  label,
  onClick,
  tone = 'chip',
}: {
  label: string;
  onClick: () => void;
  tone?: keyof typeof TONES;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cx('flex items-center justify-center rounded-full', TONES[tone])}
    >
      <X aria-hidden="true" className={tone === 'overlay' ? 'size-3.5' : 'size-4'} />
    </button>
  );
}
