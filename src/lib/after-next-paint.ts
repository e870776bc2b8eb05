/**
 * Resolves once the browser has had a frame to paint what the page holds now: just after the
 * next animation frame, or after `fallbackMs` in a hidden tab, which gets no frames.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
