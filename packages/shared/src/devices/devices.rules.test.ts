import { describe, expect, it } from 'vitest';
import { DEVICE_CODE_LENGTH, FAMILY_CODE_ALPHABET } from '../constants.ts';
import { deviceCodeFrom, isDeviceCodeShape, normalizeDeviceCode, pairLink } from './devices.rules.ts';

describe('device pairing codes', () => {
  it('are 6 characters of the alphabet without look-alikes', () => {
    let n = 0;
    const code = deviceCodeFrom((max) => n++ % max);
    expect(code).toHaveLength(DEVICE_CODE_LENGTH);
    expect(isDeviceCodeShape(code)).toBe(true);
    expect(FAMILY_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('are read as people type them: case, spaces and dashes ignored', () => {
    expect(normalizeDeviceCode(' ab3-k7q ')).toBe('AB3K7Q');
    expect(isDeviceCodeShape('AB3K7Q')).toBe(true);
    expect(isDeviceCodeShape('AB0K7Q')).toBe(false);
    expect(isDeviceCodeShape('AB3K7')).toBe(false);
  });

  it('go into the /pair link', () => {
    expect(pairLink('https://stories.example', 'AB3K7Q')).toBe('https://stories.example/pair?code=AB3K7Q');
  });
});
