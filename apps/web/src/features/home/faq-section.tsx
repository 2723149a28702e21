import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from '../../shared/ui/icons.tsx';
import { translatedList } from './translated-list.ts';

/** Spec 2 "FAQ": anchor id faq; one item open at a time, the first open at start; clicking the open one closes it. */
export function FaqSection() {
  const { t } = useTranslation('home');
  const list = translatedList(t('faq.items', { returnObjects: true }), ['question', 'answer']);
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();

  return (
    <section id="faq" className="render-when-near scroll-mt-20 bg-surface py-16" aria-labelledby={`${baseId}-title`}>
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id={`${baseId}-title`} className="text-center text-3xl font-extrabold text-slate-900">
          {t('faq.title')}
        </h2>
        <ul className="mt-10 space-y-3">
          {list.map((item, index) => {
            const expanded = open === index;
            const panelId = `${baseId}-panel-${index}`;
            return (
              <li key={item.question} className="rounded-xl border border-slate-200 bg-white">
                <h3>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : index)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-start text-lg font-bold text-slate-900"
                  >
                    <span>{item.question}</span>
                    <ChevronDown
                      aria-hidden="true"
                      className={`size-5 shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                    />
                  </button>
                </h3>
                <div id={panelId} hidden={!expanded} className="px-5 pb-5 leading-7 text-slate-600">
                  {item.answer}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
