// Avatars: initials on the person's palette colour (spec section 9: 6 kid colours, 5 reader colours).

// Pure black: even the darkest palette colour (#8B5CF6) then keeps 4.5:1 for small initials.
const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';

function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** The text colour (dark or white) with the higher contrast on `background`, so initials stay readable. */
export function initialsColor(background: string): string {
  const l = luminance(background);
  if (l === null) return DARK_TEXT;
  const onLight = (l + 0.05) / ((luminance(DARK_TEXT) ?? 0) + 0.05);
  const onDark = 1.05 / (l + 0.05);
  return onLight >= onDark ? DARK_TEXT : LIGHT_TEXT;
}

const sizes = {
  sm: 'size-9 text-sm',
  md: 'size-12 text-base',
  lg: 'size-16 text-xl mobile:size-12 mobile:text-base',
} as const;

/** Decorative: the person's name is always written beside it. */
export function Avatar({ initials, color, size = 'md' }: { initials: string; color: string; size?: keyof typeof sizes }) {
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: color, color: initialsColor(color) }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold tracking-wide ring-2 ring-paper ${sizes[size]}`}
    >
      {initials}
    </span>
  );
}
