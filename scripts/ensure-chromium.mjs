// The browser suite drives Debian's Chromium (Playwright cannot download its own browser here).
// Installs it when missing and we are root with apt-get; otherwise stops with the exact command.
// Also installs Debian's colour emoji font when missing: without it headless Chromium draws the
// product's emoji (the bot's "🎉", the celebration screens) as empty boxes, so screenshots would not
// show what people see. The font is a nicety: its absence never stops the tests.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM_PATH } from "./chromium.mjs";

const path = CHROMIUM_PATH;
const EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf";
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");

const missing = [...(existsSync(path) ? [] : ["chromium"]), ...(existsSync(EMOJI_FONT) ? [] : ["fonts-noto-color-emoji"])];
if (missing.length > 0 && isRoot && hasApt) {
  console.log(`Installing Debian's ${missing.join(" and ")} for the browser tests (about a minute)...`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, { stdio: "inherit" });
  } catch (error) {
    console.error(`apt-get failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
if (existsSync(path)) process.exit(0);
console.error(
  `Chromium was not found at ${path}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-color-emoji\n\nor set CHROMIUM_PATH to a Chromium binary.`,
);
process.exit(1);
