import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './device.ts';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

describe('isMobileDevice', () => {
  it('is mobile below 768 px wide', () => {
    expect(isMobileDevice(767, DESKTOP_UA)).toBe(true);
    expect(isMobileDevice(375, DESKTOP_UA)).toBe(true);
  });

  it('is desktop from 768 px with a desktop user agent', () => {
    expect(isMobileDevice(768, DESKTOP_UA)).toBe(false);
    expect(isMobileDevice(1440, DESKTOP_UA)).toBe(false);
  });

  it.each([
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)',
    'BlackBerry9700/5.0.0.351 Profile/MIDP-2.1',
    'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; IEMobile/10.0)',
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80; U; en) Presto/2.5.25',
    'Mozilla/5.0 (webOS/1.4.0; U; en-US) AppleWebKit/532.2',
  ])('is mobile at desktop width for %s', (ua) => {
    expect(isMobileDevice(1440, ua)).toBe(true);
  });
});
