// Debian's Chromium, as every script and the browser suite start it. The flags keep it quiet on a
// machine with no internet: without them it keeps trying to reach Google's update and sync hosts.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_QUIET_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
