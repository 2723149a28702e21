import {
  Bell,
  BookOpen,
  Calculator,
  CalendarDays,
  Check,
  CreditCard,
  FlaskConical,
  GraduationCap,
  Languages,
  type LucideIcon,
  MessageCircle,
  Search,
  Star,
  Video,
  Wallet,
} from 'lucide-react';
import { cx } from '../../shared/ui/class-names.ts';

/**
 * The hero slides' pictures: small compositions of shapes and icons drawn in the page itself
 * (no image download, nothing to wait for). Decorative only.
 */
export function HeroArt({ variant, className }: { variant: number; className?: string }) {
  const Art = ARTS[variant % ARTS.length] ?? FindTeacherArt;
  return (
    <div aria-hidden="true" className={cx('relative mx-auto aspect-[4/3] w-full max-w-md select-none', className)}>
      <span className="absolute -end-6 -top-6 size-40 rounded-full bg-white/10" />
      <span className="absolute -bottom-8 -start-4 size-28 rounded-full bg-white/10" />
      <Art />
    </div>
  );
}

function Chip({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <span
      className={cx(
        'absolute inline-flex size-12 items-center justify-center rounded-2xl bg-white/15 text-white ring-1 ring-white/30 backdrop-blur-sm',
        className,
      )}
    >
      <Icon className="size-6" />
    </span>
  );
}

function Bar({ className }: { className?: string }) {
  return <span className={cx('block h-2.5 rounded-full bg-slate-200', className)} />;
}

function FindTeacherArt() {
  return (
    <>
      <div className="absolute inset-x-14 top-16 rotate-3 rounded-2xl bg-white/40 p-4 shadow-lg">
        <div className="h-24" />
      </div>
      <div className="absolute inset-x-8 top-10 rounded-2xl bg-white p-5 shadow-2xl">
        <div className="flex items-center gap-4">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <GraduationCap className="size-7" />
          </span>
          <div className="flex-1 space-y-2">
            <Bar className="w-3/4 bg-slate-300" />
            <Bar className="w-1/2" />
            <span className="flex gap-0.5">
              {[0, 1, 2, 3, 4].map((star) => (
                <Star key={star} className="size-4 fill-amber-400 text-amber-400" />
              ))}
            </span>
          </div>
        </div>
        <div className="mt-4 flex gap-2">
          <span className="h-5 w-16 rounded-full bg-primary/10" />
          <span className="h-5 w-12 rounded-full bg-primary/10" />
          <span className="h-5 w-14 rounded-full bg-primary/10" />
        </div>
        <div className="mt-4 space-y-2">
          <Bar />
          <Bar className="w-5/6" />
        </div>
      </div>
      <span className="absolute bottom-6 end-10 inline-flex size-16 items-center justify-center rounded-full bg-amber-400 text-slate-900 shadow-xl">
        <Search className="size-8" />
      </span>
      <Chip icon={Calculator} className="-top-2 start-2" />
      <Chip icon={FlaskConical} className="bottom-4 start-6" />
      <Chip icon={Languages} className="end-0 top-1/3" />
      <Chip icon={BookOpen} className="bottom-0 start-1/3" />
    </>
  );
}

function BookLessonArt() {
  const slots = Array.from({ length: 12 }, (_, index) => index);
  return (
    <>
      <div className="absolute inset-x-10 top-6 rounded-2xl bg-white p-5 shadow-2xl">
        <div className="flex items-center gap-3 text-primary">
          <CalendarDays className="size-6" />
          <Bar className="w-1/3 bg-slate-300" />
        </div>
        <div className="mt-4 grid grid-cols-4 gap-2">
          {slots.map((slot) =>
            slot === 6 ? (
              <span
                key={slot}
                className="inline-flex h-8 items-center justify-center rounded-lg bg-emerald-500 text-white shadow"
              >
                <Check className="size-5" />
              </span>
            ) : (
              <span key={slot} className={cx('h-8 rounded-lg', slot % 5 === 0 ? 'bg-slate-100' : 'bg-primary/10')} />
            ),
          )}
        </div>
      </div>
      <div className="absolute -bottom-2 end-4 flex items-center gap-3 rounded-2xl bg-white p-3 pe-6 shadow-xl">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-amber-100 text-amber-700">
          <Wallet className="size-6" />
        </span>
        <span className="space-y-1.5">
          <Bar className="w-20 bg-slate-300" />
          <Bar className="w-12" />
        </span>
      </div>
      <Chip icon={CreditCard} className="bottom-6 start-2" />
    </>
  );
}

function ChatArt() {
  return (
    <>
      <div className="absolute inset-x-10 top-4 bottom-6 rounded-2xl bg-white p-5 shadow-2xl">
        <div className="flex items-center gap-3 border-b border-slate-100 pb-3">
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            <GraduationCap className="size-5" />
          </span>
          <Bar className="w-1/3 bg-slate-300" />
          <span className="ms-auto size-2.5 rounded-full bg-emerald-500" />
        </div>
        <div className="mt-4 space-y-3">
          <span className="block h-8 w-2/3 rounded-2xl rounded-ss-sm bg-slate-100" />
          <span className="ms-auto block h-8 w-1/2 rounded-2xl rounded-se-sm bg-primary" />
          <span className="block h-8 w-3/5 rounded-2xl rounded-ss-sm bg-slate-100" />
          <span className="flex w-16 items-center justify-center gap-1 rounded-2xl bg-slate-100 py-3">
            <span className="size-1.5 rounded-full bg-slate-400" />
            <span className="size-1.5 rounded-full bg-slate-400" />
            <span className="size-1.5 rounded-full bg-slate-400" />
          </span>
        </div>
      </div>
      <span className="absolute end-2 top-0 inline-flex size-14 items-center justify-center rounded-full bg-white text-primary shadow-xl">
        <Bell className="size-7" />
        <span className="absolute end-3 top-3 size-3 rounded-full bg-secondary ring-2 ring-white" />
      </span>
      <Chip icon={Video} className="bottom-0 end-8" />
      <Chip icon={MessageCircle} className="start-0 top-1/2" />
    </>
  );
}

const ARTS = [FindTeacherArt, BookLessonArt, ChatArt];
