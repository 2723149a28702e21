import { describe, expect, it } from 'vitest';
import { countByFile } from './allow-list.ts';
import { presentersInPresenterFiles, presentersOutsidePresenterFiles } from './presenters.ts';
import { itKeepsTheAllowList } from './rule-tests.ts';
import { readSources, SERVER_SRC } from './sources.ts';

/**
 * Issue 31 item 5: rows are mapped to the contract's shapes in `*.presenter.ts` only (STYLE.md habit 6);
 * `presenters.ts` defines a presenter.
 */

/** The presenters outside presenter files on main at e854b80 (the services split of issue 31 moves them). */
// Empty since the services split of issue 31 moved the disputes and teachers presenters.
const ALLOWED: Record<string, number> = {};

const sources = readSources([SERVER_SRC]);
const breaks = countByFile(presentersOutsidePresenterFiles(sources));
const found = (file: string, text: string) => presentersOutsidePresenterFiles([{ file, text }]).map((o) => o.what);
const CONTRACT = "import type { Dispute, Reservation, Teacher } from '@ustaz/contract';\n";

describe('presenters only in *.presenter.ts', () => {
  it('the definition recognises the presenters of the presenter files', () => {
    expect(presentersInPresenterFiles(sources).length).toBeGreaterThan(25);
  });

  itKeepsTheAllowList(breaks, ALLOWED, {
    holds: 'no file outside the allow-list holds a presenter',
    fix: "move it to the module's *.presenter.ts",
    fixed: 'every allow-listed file still does (a moved presenter leaves the list)',
  });

  it('sees a planted presenter: named to…/present…, or taking a stored row', () => {
    const planted = `${CONTRACT}import type { TeacherView } from './teachers.repo.ts';
export function toDispute(row: LessonDisputeRow): Dispute { return row; }
const presentTeacher = (view: TeacherView): Teacher => view;
function teacherOf(view: TeacherView): Teacher | null { return view; }
const listOf = (rows: (typeof reservations.$inferSelect)[]): readonly Reservation[] => rows;
const service = { toReservation: (r: Stored): Reservation => r };
function toPaidBy(r: Stored): Reservation['paidBy'] { return r; }`;
    expect(found('apps/server/src/modules/x/x.service.ts', planted)).toEqual([
      'presents Dispute in toDispute: move it to a *.presenter.ts',
      'presents Teacher in presentTeacher: move it to a *.presenter.ts',
      'presents Teacher | null in teacherOf: move it to a *.presenter.ts',
      'presents readonly Reservation[] in listOf: move it to a *.presenter.ts',
      'presents Reservation in toReservation: move it to a *.presenter.ts',
      "presents Reservation['paidBy'] in toPaidBy: move it to a *.presenter.ts",
    ]);
  });

  it('is silent on services, rules, other types and presenter files', () => {
    const clean = `${CONTRACT}import type { TeacherView } from './teachers.repo.ts';
async function get(id: number): Promise<Teacher> { return load(id); }
function difference(row: PaymentRow): Reservation['status'] | null { return null; }
function toLookup(data: Answer): LookupResult { return data; }
function countOf(view: TeacherView): number { return 1; }
const toAnything = (row: TeacherRow) => row;`;
    expect(found('apps/server/src/modules/x/x.service.ts', clean)).toEqual([]);
    const presenter = `${CONTRACT}export function toDispute(row: LessonDisputeRow): Dispute { return row; }`;
    expect(found('apps/server/src/modules/x/x.presenter.ts', presenter)).toEqual([]);
    expect(found('apps/server/src/modules/x/x.test.ts', presenter)).toEqual([]);
    expect(found('apps/server/src/modules/x/x.service.ts', presenter.replace(CONTRACT, ''))).toEqual([]);
  });
});
