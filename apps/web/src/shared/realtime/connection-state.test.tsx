import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getConnectionState, setConnectionState, useChatConnection } from './connection-state.ts';
import { realtimeEvents } from './realtime-events.ts';

afterEach(() => {
  setConnectionState('disconnected');
});

describe('chat connection state', () => {
  it('starts disconnected, tells the bus about changes and re-renders the hook', () => {
    const heard: string[] = [];
    const off = realtimeEvents.on('connection', (state) => heard.push(state));
    const { result } = renderHook(() => useChatConnection());
    expect(result.current).toBe('disconnected');
    act(() => setConnectionState('connecting'));
    act(() => setConnectionState('connecting'));
    act(() => setConnectionState('connected'));
    expect(result.current).toBe('connected');
    expect(getConnectionState()).toBe('connected');
    expect(heard).toEqual(['connecting', 'connected']);
    off();
  });
});
