import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dispute } from '@ustaz/contract';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/reservations.json';
import en from '../../../public/locales/en/reservations.json';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { lessonProblemState } from './lesson-problem.ts';
import { LessonProblemLine } from './lesson-problem-line.tsx';
import { reservation } from './reservation-test-data.ts';

const ZONE = 'Asia/Kuwait';
// The lesson of the test data runs 15:00-16:00 UTC on 14 March 2026.
const DURING = new Date('2026-03-14T15:30:00.000Z');
const REPORT = 'POST /api/v1/lessons/5/problem';

const dispute = (overrides: Partial<Dispute> = {}): Dispute => ({
  id: 3,
  reservationId: 5,
  reportedBy: 'student',
  reason: 'technical',
  details: '',
  status: 'open',
  refundAmount: null,
  resolutionNote: null,
  createdAt: '2026-03-14T15:40:00.000Z',
  resolvedAt: null,
  ...overrides,
});

async function renderLine(language: 'ar' | 'en' = 'en', lesson = reservation()) {
  const view = await renderRoute(
    <LessonProblemLine reservation={lesson} viewer="student" now={DURING} timeZone={ZONE} />,
    {
      language,
      path: '/reservations',
    },
  );
  return view;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lessonProblemState', () => {
  const at = (iso: string) => new Date(iso);
  it('offers the report from the start until 24 h after the end, and not for pending or cancelled lessons', () => {
    expect(lessonProblemState(reservation(), at('2026-03-14T14:59:59.000Z'))).toBeNull();
    expect(lessonProblemState(reservation(), at('2026-03-14T15:00:00.000Z'))).toBe('canReport');
    expect(lessonProblemState(reservation({ status: 'completed' }), at('2026-03-15T15:59:00.000Z'))).toBe('canReport');
    expect(lessonProblemState(reservation({ status: 'completed' }), at('2026-03-15T16:00:01.000Z'))).toBeNull();
    expect(lessonProblemState(reservation({ status: 'pending' }), DURING)).toBeNull();
    expect(lessonProblemState(reservation({ status: 'cancelled' }), DURING)).toBeNull();
  });

  it('shows the reported problem, and a teacher no-show, instead', () => {
    expect(lessonProblemState(reservation({ dispute: { id: 3, status: 'open' } }), DURING)).toBe('open');
    expect(
      lessonProblemState(reservation({ dispute: { id: 3, status: 'refunded' } }), at('2026-04-01T00:00:00Z')),
    ).toBe('refunded');
    expect(
      lessonProblemState(
        reservation({ status: 'cancelled', cancelledBy: 'system', cancelReason: 'teacherNoShow' }),
        DURING,
      ),
    ).toBe('noShow');
  });
});

describe('LessonProblemLine', () => {
  it('asks for a reason, and details when the reason is "other", before sending anything', async () => {
    const api = mockApi({});
    const { missing } = await renderLine();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.problem.action }));
    const dialog = await screen.findByRole('dialog', { name: en.problem.title });
    await user.click(within(dialog).getByRole('button', { name: en.problem.submit }));
    expect(within(dialog).getByText(en.problem.errors.reasonRequired)).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: en.problem.reasons.other }));
    await user.click(within(dialog).getByRole('button', { name: en.problem.submit }));
    expect(within(dialog).getByText(en.problem.errors.detailsRequired)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Details/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.calls).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('sends the reason and details, then says the report was received', async () => {
    const api = mockApi({ [REPORT]: { status: 201, body: { dispute: dispute({ reason: 'teacherAbsent' }) } } });
    await renderLine();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.problem.action }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: en.problem.reasons.teacherAbsent }));
    await user.type(within(dialog).getByRole('textbox'), '  Waited 20 minutes  ');
    await user.click(within(dialog).getByRole('button', { name: en.problem.submit }));
    expect(await within(dialog).findByText(en.problem.received)).toBeTruthy();
    expect(api.callsTo(REPORT)[0]?.body).toEqual({ reason: 'teacherAbsent', details: 'Waited 20 minutes' });
  });

  it('keeps saying the report was received while the card turns to "under review" beneath the dialog', async () => {
    mockApi({ [REPORT]: { status: 201, body: { dispute: dispute() } } });
    function Harness() {
      const [reported, setReported] = useState(false);
      const lesson = reported ? reservation({ dispute: { id: 3, status: 'open' } }) : reservation();
      return (
        <>
          <button type="button" data-testid="refetched" onClick={() => setReported(true)} />
          <LessonProblemLine reservation={lesson} viewer="student" now={DURING} timeZone={ZONE} />
        </>
      );
    }
    await renderRoute(<Harness />, { language: 'en', path: '/reservations' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.problem.action }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: en.problem.reasons.technical }));
    await user.click(within(dialog).getByRole('button', { name: en.problem.submit }));
    await within(dialog).findByText(en.problem.received);
    fireEvent.click(screen.getByTestId('refetched'));
    expect((await screen.findByTestId('lesson-problem-status')).textContent).toBe(en.problem.underReview);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText(en.problem.received)).toBeTruthy();
  });

  it.each([
    ['problemAlreadyReported', 'en'],
    ['problemWindowClosed', 'en'],
    ['lessonNotReportable', 'ar'],
  ] as const)('a 409 %s reads as its own text (%s), and the dialog stays open', async (code, language) => {
    mockApi({ [REPORT]: { status: 409, body: { status: 409, code, message: 'Conflict' } } });
    await renderLine(language);
    const texts = language === 'ar' ? ar : en;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: texts.problem.action }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: texts.problem.reasons.technical }));
    await user.click(within(dialog).getByRole('button', { name: texts.problem.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(texts.problem.errors[code]);
  });

  it('a 422 on details reads as the field text', async () => {
    mockApi({ [REPORT]: { status: 422, body: { status: 422, errors: { details: 'tooLong' } } } });
    await renderLine();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.problem.action }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: en.problem.reasons.quality }));
    await user.click(within(dialog).getByRole('button', { name: en.problem.submit }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(en.problem.fieldErrors.tooLong));
  });

  it.each([
    ['en', { id: 3, status: 'open' as const }, en.problem.underReview],
    ['ar', { id: 3, status: 'open' as const }, ar.problem.underReview],
    ['en', { id: 3, status: 'released' as const }, en.problem.released],
    ['ar', { id: 3, status: 'refunded' as const }, ar.problem.refunded],
  ] as const)('%s: a reported problem shows its state instead of the action', async (language, state, text) => {
    mockApi({});
    await renderLine(language, reservation({ status: 'completed', dispute: state }));
    expect((await screen.findByTestId('lesson-problem-status')).textContent).toBe(text);
    expect(screen.queryByTestId('report-problem')).toBeNull();
  });

  it('a lesson the teacher missed says it was refunded in full, in both languages', async () => {
    mockApi({});
    const missed = reservation({ status: 'cancelled', cancelledBy: 'system', cancelReason: 'teacherNoShow' });
    const view = await renderLine('en', missed);
    expect((await screen.findByTestId('lesson-problem-status')).textContent).toBe(en.problem.noShow);
    view.unmount();
    await renderLine('ar', missed);
    expect((await screen.findByTestId('lesson-problem-status')).textContent).toBe(ar.problem.noShow);
  });
});
