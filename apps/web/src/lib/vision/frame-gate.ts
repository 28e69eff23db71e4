/**
 * When the detector runs on camera frames. Never two detections at once, and no queue: a frame that arrives
 * while the detector is busy is not kept, but the detector takes the newest frame as soon as it is free
 * instead of waiting for the next one. Waiting would round every frame's cost up to whole camera frames: at
 * 24 fps (41.7 ms a frame) a detection of 45 ms would give 12 detections a second instead of about 22.
 */
export class FrameGate {
  private busy = false;
  private waiting = false;

  /** A new camera frame: true when the detector should start on it now. */
  offer(): boolean {
    if (this.busy) {
      this.waiting = true;
      return false;
    }
    this.busy = true;
    return true;
  }

  /**
   * The detection finished (or could not start): true when a frame came in meanwhile and the detector should
   * take the newest one now (it stays busy); false when it is idle until the next offer.
   */
  done(): boolean {
    if (this.waiting) {
      this.waiting = false;
      return true;
    }
    this.busy = false;
    return false;
  }
}
