// Canvas sizing at device pixels.

/** Sizes a canvas to `cssW` × `cssH` CSS pixels at device resolution. */
export function sizeCanvas(canvas, cssW, cssH) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  canvas.getContext('2d').setTransform(dpr, 0, 0, dpr, 0, 0);
}

/**
 * The space a board may take inside `wrap`: its width, and the height left
 * between the top of `wrap` and the bottom of the viewport minus `below`
 * CSS pixels (what must stay visible under the board).
 */
export function boardSpace(wrap, below = 0) {
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  return { width: wrap.clientWidth, height: Math.max(60, window.innerHeight - top - below) };
}
