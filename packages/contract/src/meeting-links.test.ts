import { describe, expect, it } from 'vitest';
import { externalLinkOf, MEETING_LINK_MAX, meetingLinkSchema, meetingProviderOf } from './meeting-links.ts';

describe('meeting links', () => {
  it('accepts https links on the providers’ hosts', () => {
    expect(meetingProviderOf('https://zoom.us/j/123')).toBe('zoom');
    expect(meetingProviderOf('https://us02web.zoom.us/j/123?pwd=abc')).toBe('zoom');
    expect(meetingProviderOf('https://meet.google.com/abc-defg-hij')).toBe('meet');
    expect(meetingProviderOf('https://teams.microsoft.com/l/meetup-join/x')).toBe('teams');
    expect(meetingProviderOf('https://teams.live.com/meet/123')).toBe('teams');
    expect(meetingProviderOf('https://ZOOM.US/j/1')).toBe('zoom');
  });

  it('refuses http, other hosts, look-alikes, credentials, ports and long links', () => {
    for (const url of [
      'http://zoom.us/j/1',
      'https://evil.com/zoom.us',
      'https://zoom.us.evil.com/j/1',
      'https://notzoom.us/j/1',
      'https://google.com/meet',
      'https://user:pass@zoom.us/j/1',
      'https://user@meet.google.com/x',
      'https://zoom.us:8443/j/1',
      'javascript:alert(1)',
      'zoom.us/j/1',
      'https://zoom.us/j/1 x',
      `https://zoom.us/j/${'1'.repeat(MEETING_LINK_MAX)}`,
    ]) {
      expect(meetingProviderOf(url), url).toBeNull();
    }
  });

  it('names the refusal meetingLinkNotAllowed and trims what it accepts', () => {
    const refused = meetingLinkSchema.safeParse('http://zoom.us/j/1');
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toContain('meetingLinkNotAllowed');
    expect(meetingLinkSchema.parse('  https://zoom.us/j/1 ')).toBe('https://zoom.us/j/1');
  });

  it('prefers the lesson’s link over the profile’s', () => {
    expect(externalLinkOf('https://meet.google.com/a', 'https://zoom.us/j/1')).toEqual({
      url: 'https://meet.google.com/a',
      provider: 'meet',
    });
    expect(externalLinkOf(null, 'https://zoom.us/j/1')).toEqual({ url: 'https://zoom.us/j/1', provider: 'zoom' });
    expect(externalLinkOf(null, null)).toBeNull();
  });
});
