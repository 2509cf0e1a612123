// The browser suite drives Debian's Chromium (Playwright cannot download its own browser here).
// Installs it when missing and we are root with apt-get; otherwise stops with the exact command.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM_PATH } from "./chromium.mjs";

const path = CHROMIUM_PATH;
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (isRoot && hasApt) {
  console.log("Chromium is missing: installing Debian's chromium package (about a minute)...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  if (existsSync(path)) process.exit(0);
}
console.error(
  `Chromium was not found at ${path}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n\nor set CHROMIUM_PATH to a Chromium binary.`,
);
process.exit(1);
