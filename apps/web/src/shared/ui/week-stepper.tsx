import { Button } from './button.tsx';
import { ChevronLeft, ChevronRight, type LucideIcon } from './icons.tsx';

/** One arrow of the stepper: its accessible name, what it does, and whether it is at the end. */
type Step = { label: string; onClick: () => void; disabled: boolean };

function StepButton({ step, icon: Icon }: { step: Step; icon: LucideIcon }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-11 px-0"
      onClick={step.onClick}
      disabled={step.disabled}
      aria-label={step.label}
    >
      <Icon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
    </Button>
  );
}

/**
 * Previous and next arrows around the week shown (`range`, announced politely when it changes);
 * the chevrons flip in right-to-left.
 */
export function WeekStepper({
  range,
  previous,
  next,
  testId,
}: {
  range: string;
  previous: Step;
  next: Step;
  testId?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <StepButton step={previous} icon={ChevronLeft} />
      <p className="text-center text-sm font-semibold text-slate-700" aria-live="polite" data-testid={testId}>
        {range}
      </p>
      <StepButton step={next} icon={ChevronRight} />
    </div>
  );
}
