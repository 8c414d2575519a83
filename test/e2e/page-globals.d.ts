// What the gallery journeys leave on the page's window (through page.addInitScript / page.evaluate)
// to read back later: the layout shifts counted so far, and a marker that survives only while the
// page stays the same document.
interface Window {
  __shifts: number;
  __sameDocument?: boolean;
  /** What the sharing journey's stand-in share sheet received. */
  __shared?: ShareData;
}

/** A layout-shift performance entry (not in TypeScript's DOM types). */
interface LayoutShift extends PerformanceEntry {
  value: number;
}
