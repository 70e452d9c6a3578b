/** The CSS variable holding the height of a bar fixed to the bottom of the screen (unset without one). */
export const BOTTOM_BAR_VAR = '--bottom-bar-height';

/** The height of the bar fixed to the bottom of the screen now, in pixels (0 without one). */
export const bottomBarHeight = (): number => parseFloat(getComputedStyle(document.documentElement).getPropertyValue(BOTTOM_BAR_VAR)) || 0;

/**
 * A ref for controls fixed to the bottom of the screen (the recorder's, on a phone or an upright tablet):
 * while the element is there and fixed, its height is set as `--bottom-bar-height` on the document, so that
 * toasts, the Report Issue button and the end of the page stay above it rather than cover it or go under it.
 * Stable, so React attaches it once per element and runs the returned cleanup when the element goes.
 */
export function bottomBarRef(bar: HTMLElement | null): (() => void) | undefined {
  if (!bar) return undefined;
  const root = document.documentElement;
  const measure = () => {
    // Fixed only below the mobile breakpoint: a tablet turned sideways puts the controls back in the page.
    if (getComputedStyle(bar).position === 'fixed') root.style.setProperty(BOTTOM_BAR_VAR, `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    else root.style.removeProperty(BOTTOM_BAR_VAR);
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(bar);
  window.addEventListener('resize', measure);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', measure);
    root.style.removeProperty(BOTTOM_BAR_VAR);
  };
}
