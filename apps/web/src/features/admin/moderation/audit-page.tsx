import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEntry } from '@ustaz/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { isolate } from '../../../shared/lib/bidi.ts';
import { formatId } from '../../../shared/lib/format.ts';
import { cx } from '../../../shared/ui/class-names.ts';
import { ArrowRight, ChevronDown } from '../../../shared/ui/icons.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { ActorLink, dateColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { SelectFilter, TextFilter, UserIdFilter } from '../ui/filter-bar.tsx';
import { idParam } from '../ui/id-param.ts';
import { oneOf, optional } from '../ui/list-params.ts';
import { useAdminAudit } from './api/get-audit.ts';
import { auditChanges } from './audit-diff.ts';

const FILTERS = {
  action: oneOf(AUDIT_ACTIONS),
  entityType: oneOf(AUDIT_ENTITY_TYPES),
  entityId: optional,
  actorId: idParam,
};

/**
 * /{lang}/admin/audit: every admin action (who, what, on which record, why, when), filtered by
 * action, record and admin; each entry opens to show only the values it changed.
 */
export function AdminAuditPage() {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const audit = useAdminAudit({ ...list.values, ...list.paging });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  function toggle(id: number) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const columns: Column<AuditEntry>[] = [
    dateColumn('when', t('audit.columns.when'), (entry) => entry.createdAt),
    {
      key: 'who',
      header: t('audit.columns.who'),
      cell: (entry) => <ActorLink actor={entry.actor} none={t('audit.deletedActor')} />,
    },
    {
      key: 'what',
      header: t('audit.columns.what'),
      cell: (entry) => <span className="font-semibold text-slate-900">{t(`audit.actions.${entry.action}`)}</span>,
    },
    {
      key: 'entity',
      header: t('audit.columns.entity'),
      cell: (entry) => (
        <Link
          to={localePath(
            language,
            `/admin/audit?entityType=${entry.entityType}&entityId=${encodeURIComponent(entry.entityId)}`,
          )}
          className="whitespace-nowrap text-primary underline-offset-2 hover:underline"
        >
          {t('audit.entity', { type: t(`audit.entities.${entry.entityType}`), id: isolate(entry.entityId) })}
        </Link>
      ),
    },
    {
      key: 'reason',
      header: t('audit.columns.reason'),
      className: 'min-w-40 max-w-xs',
      cell: (entry) =>
        entry.reason ? (
          <p dir="auto" className="wrap-anywhere whitespace-pre-line text-slate-700">
            {entry.reason}
          </p>
        ) : null,
    },
    {
      key: 'changes',
      header: t('audit.columns.changes'),
      className: 'min-w-64',
      cell: (entry) => <AuditChanges entry={entry} open={expanded.has(entry.id)} onToggle={() => toggle(entry.id)} />,
    },
  ];

  return (
    <AdminListPage t={t} texts="audit" list={list} query={audit} columns={columns}>
      <SelectFilter
        {...list.select('action', (value) => t(`audit.actions.${value}`))}
        label={t('audit.actionFilter')}
        all={t('audit.allActions')}
        className="w-full sm:w-60"
      />
      <SelectFilter
        {...list.select('entityType', (value) => t(`audit.entities.${value}`))}
        label={t('audit.entityFilter')}
        all={t('audit.allEntities')}
      />
      <TextFilter {...list.input('entityId')} label={t('audit.entityId')} />
      <UserIdFilter {...list.input('actorId')} label={t('audit.actorId')} className="w-full sm:w-48" />
    </AdminListPage>
  );
}

/** The button that opens an entry, and the keys it changed: `key: before → after`, values as JSON. */
function AuditChanges({ entry, open, onToggle }: { entry: AuditEntry; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const panelId = `audit-changes-${entry.id}`;
  const changes = open ? auditChanges(entry.before, entry.after) : [];
  const value = (text: string | undefined) =>
    text === undefined ? <span className="text-slate-500 italic">{t('audit.noValue')}</span> : text;

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={panelId}
        className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-primary hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <ChevronDown aria-hidden="true" className={cx('size-4 transition-transform', open && 'rotate-180')} />
        {t(open ? 'audit.hideChanges' : 'audit.showChanges')}
      </button>
      {open ? (
        <div id={panelId} className="w-full">
          {changes.length === 0 ? (
            <p className="text-sm text-slate-600">{t('audit.noChanges')}</p>
          ) : (
            <dl
              aria-label={t('audit.changesOf', { id: formatId(entry.id, language) })}
              className="flex flex-col gap-2 rounded-lg bg-slate-50 p-2 text-xs"
              data-testid="audit-changes"
            >
              {changes.map((change) => (
                <div key={change.key} className="flex flex-col gap-0.5" data-testid="audit-change">
                  <dt dir="ltr" className="text-start font-mono font-semibold text-slate-800">
                    {change.key}
                  </dt>
                  <dd className="relative flex flex-wrap items-center gap-1.5 font-mono">
                    <ChangeSide side="before" text={value(change.before)} />
                    <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-slate-500 rtl:-scale-x-100" />
                    <ChangeSide side="after" text={value(change.after)} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ) : null}
    </div>
  );
}

const SIDE_CLASSES = {
  before: 'rounded bg-red-50 px-1 break-all text-red-800',
  after: 'rounded bg-emerald-50 px-1 break-all text-emerald-800',
} as const;

/** One side of a changed key: its JSON, named for screen readers, red before and green after. */
function ChangeSide({ side, text }: { side: keyof typeof SIDE_CLASSES; text: ReactNode }) {
  const { t } = useTranslation('admin-money');
  return (
    <>
      <span className="sr-only">{t(`audit.${side}`)}</span>
      <span dir="ltr" className={SIDE_CLASSES[side]} data-testid={`audit-${side}`}>
        {text}
      </span>
    </>
  );
}
