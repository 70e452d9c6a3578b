import { describe, expect, it } from 'vitest';
import { DEVICE_OFFLINE_STORIES } from '../constants.ts';
import { DEVICE_SERVER_MESSAGES, OFFLINE_TEXTS } from '../messages.ts';
import { updateDeviceBody } from './devices.schema.ts';

describe('updateDeviceBody (a kid device’s stories kept offline)', () => {
  it('takes every whole number from 0 to 20; 5 is the default', () => {
    expect(DEVICE_OFFLINE_STORIES).toEqual({ min: 0, max: 20, default: 5 });
    for (let n = 0; n <= 20; n++) expect(updateDeviceBody.parse({ offline_stories: n })).toEqual({ offline_stories: n });
  });

  it('refuses anything else with one message saying the range', () => {
    for (const bad of [-1, 21, 2.5, Number.NaN, Infinity, '5', null, undefined, true]) {
      const res = updateDeviceBody.safeParse({ offline_stories: bad });
      expect(res.success, String(bad)).toBe(false);
      expect(res.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['offline_stories', DEVICE_SERVER_MESSAGES.offlineStoriesRange(0, 20)]]);
    }
  });
});

describe('OFFLINE_TEXTS.autoSave', () => {
  it('says the device’s own number, and that nothing is saved by itself at 0', () => {
    expect(OFFLINE_TEXTS.autoSave(5)).toContain('first 5 stories');
    expect(OFFLINE_TEXTS.autoSave(1)).toContain('first story');
    expect(OFFLINE_TEXTS.autoSave(0)).toMatch(/saves no stories by itself/);
  });
});
