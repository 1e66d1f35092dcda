// The autoplay timer: calls `step()` `rate()` times a second until it
// returns false or `stop()` is called. `onChange(running)` keeps the
// Play / Pause buttons right; an error in a step stops it and goes to
// `onError(error)`.

export class Autoplay {
  constructor(onChange = () => {}, onError = () => {}) {
    this.timer = 0;
    this.running = false;
    this.onChange = onChange;
    this.onError = onError;
  }

  start(step, rate) {
    if (this.running) return;
    this.running = true;
    this.onChange(true);
    const tick = () => {
      if (!this.running) return;
      let more = false;
      try {
        more = step();
      } catch (e) {
        this.stop();
        this.onError(e);
        return;
      }
      if (!more || !this.running) {
        this.stop();
        return;
      }
      this.timer = setTimeout(tick, 1000 / Math.max(0.1, rate()));
    };
    this.timer = setTimeout(tick, 0);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = 0;
    if (this.running) {
      this.running = false;
      this.onChange(false);
    }
  }
}
