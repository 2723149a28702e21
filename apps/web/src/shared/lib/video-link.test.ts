import { describe, expect, it } from 'vitest';
import { parseVideoId, videoEmbedUrl } from './video-link.ts';

const ID = 'dQw4w9WgXcQ';

describe('parseVideoId', () => {
  it.each([
    ['a bare id', ID],
    ['a watch link', `https://www.youtube.com/watch?v=${ID}`],
    ['a watch link with other parameters first and after', `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`],
    ['a watch link without www', `https://youtube.com/watch?v=${ID}`],
    ['a mobile watch link', `https://m.youtube.com/watch?v=${ID}&list=PL123`],
    ['a link without its scheme', `www.youtube.com/watch?v=${ID}`],
    ['an http link', `http://www.youtube.com/watch?v=${ID}`],
    ['a shorts link', `https://www.youtube.com/shorts/${ID}`],
    ['a shorts link with a query', `https://youtube.com/shorts/${ID}?feature=share`],
    ['an embed link', `https://www.youtube.com/embed/${ID}`],
    ['a privacy-enhanced embed link', `https://www.youtube-nocookie.com/embed/${ID}?rel=0`],
    ['a shortened link', `https://youtu.be/${ID}`],
    ['a shortened link with a start time', `https://youtu.be/${ID}?t=10`],
    ['a shortened link without scheme', `youtu.be/${ID}`],
    ['a link with spaces around it', `  https://youtu.be/${ID}  `],
    ['an upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${ID}`],
  ])('reads %s', (_name, link) => {
    expect(parseVideoId(link)).toBe(ID);
  });

  it('keeps underscores and hyphens of an id', () => {
    expect(parseVideoId('a_b-C1d2E3f')).toBe('a_b-C1d2E3f');
    expect(parseVideoId('https://youtu.be/-_aB3dE5gH7')).toBe('-_aB3dE5gH7');
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['an empty string', ''],
    ['blanks', '   '],
    ['a 10-character id', 'dQw4w9WgXc'],
    ['a 12-character id', 'dQw4w9WgXcQQ'],
    ['an id with a bad character', 'dQw4w9WgX.Q'],
    ['a watch link with a 10-character id', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a watch link with a 12-character id', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['a watch link without v', 'https://www.youtube.com/watch?list=PL123'],
    ['a shortened link with a 12-character id', 'https://youtu.be/dQw4w9WgXcQQ'],
    ['a shorts link with a 10-character id', 'https://www.youtube.com/shorts/dQw4w9WgXc'],
    ['a channel page', 'https://www.youtube.com/@someone'],
    ['an embed link with extra path', `https://www.youtube.com/embed/${ID}/extra`],
    ['another video host', `https://vimeo.com/${ID}`],
    ['a look-alike host', `https://youtube.com.evil.example/watch?v=${ID}`],
    ['a host ending like it', `https://notyoutube.com/watch?v=${ID}`],
    ['another host with the id in v', `https://example.com/watch?v=${ID}`],
    ['a javascript: link', `javascript:alert('${ID}')`],
    ['a javascript: link shaped like a watch link', `javascript://www.youtube.com/watch?v=${ID}`],
    ['a data: link', `data:text/html,${ID}`],
    ['a link with credentials', `https://user:pass@www.youtube.com/watch?v=${ID}`],
    ['a link with a port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['an ftp link', `ftp://youtu.be/${ID}`],
  ])('refuses %s', (_name, link) => {
    expect(parseVideoId(link)).toBeNull();
  });
});

describe('videoEmbedUrl', () => {
  it('is the privacy-enhanced player with autoplay', () => {
    expect(videoEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&rel=0`);
  });

  it('does not autoplay a preview', () => {
    expect(videoEmbedUrl(ID, { autoplay: false })).toBe(`https://www.youtube-nocookie.com/embed/${ID}?rel=0`);
  });
});
