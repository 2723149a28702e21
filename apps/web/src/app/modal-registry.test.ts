import { describe, expect, it } from 'vitest';
import { MODAL_KINDS } from '../shared/ui/modal/modal-kinds.ts';
import { modalRegistry } from './modal-registry.tsx';

/** Spec section 4, "Modal kinds", in its order. */
const SPEC_KINDS = [
  'UNDEFINED',
  'TEACHER_SEARCH',
  'EDIT_PROFILE',
  'VIDEO_PLAYER',
  'BOOKING_MODAL',
  'BOOKING_CONFIRMATION',
  'PAYMENT_METHOD_SELECTION',
  'TOP_UP_BALANCE',
  'CONFIRMATION_MODAL',
];

describe('the modal kinds (issue 30 item 27)', () => {
  it('are the spec’s nine, BOOKING_CONFIRMATION among them', () => {
    expect(Object.values(MODAL_KINDS)).toEqual(SPEC_KINDS);
    expect(Object.keys(MODAL_KINDS)).toEqual(SPEC_KINDS);
  });

  it('each has a component in the registry, except UNDEFINED (closed)', () => {
    expect(Object.keys(modalRegistry).sort()).toEqual(SPEC_KINDS.filter((kind) => kind !== 'UNDEFINED').sort());
  });
});
