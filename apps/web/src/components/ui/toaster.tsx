import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TIMINGS } from '@fst/shared/constants';
import { BOTTOM_BAR_VAR } from '../../lib/bottom-bar.ts';
import { useIsMobile } from '../../lib/use-media-query.ts';

// Sonner's own rich colours reach only about 4.3:1; these (the app palette) keep WCAG AA text contrast.
const richColors = {
  '--success-bg': '#e6f4ea',
  '--success-border': '#b7dcc0',
  '--success-text': '#2f6b3a',
  '--info-bg': '#e9e7f5',
  '--info-border': '#c9c4e6',
  '--info-text': '#2e2a4f',
  '--warning-bg': '#fff1d6',
  '--warning-border': '#f2d08f',
  '--warning-text': '#7a4500',
  '--error-bg': '#fdecea',
  '--error-border': '#f5c2bd',
  '--error-text': '#b42318',
} as CSSProperties;

/**
 * Where toasts appear; show them through `notify` in lib/toast.ts. On a phone at the bottom, where they do
 * not cover a dialog's title or the page's header (a toast often comes as a dialog opens).
 */
export function Toaster() {
  const phone = useIsMobile();
  return (
    <Sonner
      position={phone ? 'bottom-center' : 'top-center'}
      richColors
      closeButton
      duration={TIMINGS.toast}
      style={richColors}
      toastOptions={{ style: { fontSize: '1rem' } }}
      // Above a bar fixed to the bottom of the screen (the recorder's controls on a phone), whose buttons and
      // upload progress they would otherwise cover; Sonner's own 24 px and 16 px otherwise.
      offset={{ bottom: `calc(var(${BOTTOM_BAR_VAR}, 0px) + 24px)` }}
      mobileOffset={{ bottom: `calc(var(${BOTTOM_BAR_VAR}, 0px) + 16px)` }}
    />
  );
}
