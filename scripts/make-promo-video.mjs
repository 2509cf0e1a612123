// Dev-only recipe for the home page's promo video (not run by install, build or tests).
//
//   node scripts/make-promo-video.mjs [--keep]
//
// Renders our own HTML/CSS slides to PNG with headless Chromium, then joins them with slow
// cross-fades in ffmpeg. It writes, replacing what is there:
//   public/media/promo.webm        VP9, 1280x720, 25 fps, no audio
//   public/media/promo-poster.png  the still shown before play (the page draws its own play button)
//   public/media/promo.vtt         WebVTT captions, timed from the same slide list
// --keep leaves the slide HTML and PNGs in a temp folder (printed) for a look.
//
// Needs ffmpeg (Debian/Ubuntu: `apt-get install -y ffmpeg`) and Chromium (default /usr/bin/chromium;
// set CHROMIUM_PATH to use another). Uses the installed `playwright-core` to drive Chromium when it
// can, else Chromium's own --screenshot flag.
//
// Motion: the audience includes people sensitive to motion, so nothing moves inside a slide; the
// only change is a one-second cross-fade between still slides. No flashing, no zooms, no slides-in.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CHROMIUM_PATH, CHROMIUM_QUIET_ARGS } from "./chromium.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = join(ROOT, "public", "media");
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 25;
const FADE_SECONDS = 1;
const CHROMIUM = CHROMIUM_PATH;
const KEEP = process.argv.includes("--keep");

// ---------------------------------------------------------------------------------------------
// Tools check

function fail(message) {
  console.error(`\nmake-promo-video: ${message}\n`);
  process.exit(1);
}

function hasCommand(command, args = ["-version"]) {
  const result = spawnSync(command, args, { stdio: "ignore" });
  return !result.error && result.status === 0;
}

if (!hasCommand("ffmpeg")) {
  fail("ffmpeg was not found on PATH. Install it first, e.g. `sudo apt-get install -y ffmpeg` (Debian/Ubuntu) or `brew install ffmpeg` (macOS).");
}
if (!hasCommand("ffprobe")) {
  fail("ffprobe (part of ffmpeg) was not found on PATH. Install the full ffmpeg package.");
}
if (!existsSync(CHROMIUM)) {
  fail(`Chromium was not found at ${CHROMIUM}. Install it (e.g. \`sudo apt-get install -y chromium\`) or set CHROMIUM_PATH to a Chromium/Chrome binary.`);
}

// ---------------------------------------------------------------------------------------------
// Design: the app's palette and font stack (app/styles/app.css)

const C = {
  bg: "#f7f7fb",
  surface: "#ffffff",
  text: "#1c2033",
  muted: "#4a5068",
  border: "#d5d9e6",
  primary: "#3b4fc4",
  primarySoft: "#e6e9fb",
  accent: "#0f7b6c",
  accentSoft: "#e0f3ef",
  warning: "#9a4b00",
  warningSoft: "#fff1e0",
  warningBorder: "#f0a35e",
};

const FONT = `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;

// Simple line icons (24x24, stroke), so nothing depends on emoji fonts.
const ICON = {
  bell: `<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z"/><path d="M10 20a2 2 0 0 0 4 0"/>`,
  message: `<path d="M4 5h16v11H9l-5 4z"/>`,
  mail: `<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>`,
  phone: `<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z"/>`,
  buddy: `<circle cx="9" cy="8" r="3.2"/><path d="M3 20a6 6 0 0 1 12 0"/><circle cx="17" cy="9" r="2.6"/><path d="M15.5 14.2A5 5 0 0 1 21 19"/>`,
  check: `<path d="M5 12.5l4.5 4.5L19 7.5"/>`,
  clock: `<circle cx="12" cy="12" r="8.5"/><path d="M12 7.5V12l3 2"/>`,
};

function icon(name, size = 24, color = "currentColor", weight = 2) {
  return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${ICON[name]}</svg>`;
}

// The brand mark: a rounded square with a small bell.
function logo(size = 44) {
  return `<span class="logo" style="width:${size}px;height:${size}px;border-radius:${Math.round(size * 0.28)}px">${icon("bell", Math.round(size * 0.6), "#fff", 2.2)}</span>`;
}

const BASE_CSS = `
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
  body { font-family: ${FONT}; background: ${C.bg}; color: ${C.text}; -webkit-font-smoothing: antialiased; position: relative; }
  .logo { display: inline-grid; place-items: center; background: ${C.primary}; flex: none; }
  .brand { position: absolute; top: 44px; left: 88px; display: flex; align-items: center; gap: 12px; font-weight: 700; font-size: 26px; letter-spacing: -0.01em; }

  /* left column */
  .copy { position: absolute; left: 88px; top: 150px; width: 560px; }
  .pill { display: inline-flex; align-items: center; gap: 10px; padding: 8px 18px 8px 14px; border-radius: 999px; font-size: 22px; font-weight: 700; background: ${C.primarySoft}; color: ${C.primary}; }
  .pill.warn { background: ${C.warningSoft}; color: ${C.warning}; box-shadow: inset 0 0 0 2px ${C.warningBorder}; }
  .pill.ok { background: ${C.accentSoft}; color: ${C.accent}; }
  .time { margin-top: 26px; font-size: 30px; font-weight: 700; color: ${C.primary}; letter-spacing: 0.01em; }
  h1 { margin-top: 6px; font-size: 60px; line-height: 1.08; font-weight: 800; letter-spacing: -0.02em; text-wrap: balance; }
  .lede { margin-top: 22px; font-size: 28px; line-height: 1.4; color: ${C.muted}; text-wrap: pretty; }

  /* the escalation ladder along the bottom-left */
  .ladder { position: absolute; left: 88px; bottom: 56px; display: flex; gap: 10px; }
  .step { display: flex; align-items: center; gap: 8px; padding: 9px 14px; border-radius: 12px; font-size: 18px; font-weight: 600; color: ${C.muted}; background: #eef1f7; }
  .step.now { background: ${C.primary}; color: #fff; }
  .step.past { background: ${C.primarySoft}; color: ${C.primary}; }
  .step.done { background: ${C.accent}; color: #fff; }

  /* the phone, cropped by the bottom edge */
  .phone { position: absolute; left: 760px; top: 64px; width: 420px; height: 720px; border-radius: 56px 56px 0 0; background: ${C.text}; padding: 14px 14px 0; box-shadow: 0 24px 60px rgb(28 32 51 / 20%); }
  .screen { width: 100%; height: 100%; border-radius: 44px 44px 0 0; background: linear-gradient(180deg, #e9ecfa 0%, #f3f4fb 100%); padding: 22px 22px 0; position: relative; overflow: hidden; }
  .notch { position: absolute; top: 12px; left: 50%; width: 110px; height: 28px; margin-left: -55px; border-radius: 999px; background: ${C.text}; }
  .lock { text-align: center; margin-top: 40px; color: ${C.text}; }
  .lock .clock { font-size: 76px; font-weight: 300; letter-spacing: -0.02em; line-height: 1; }
  .lock .date { margin-top: 6px; font-size: 18px; color: ${C.muted}; }
  .stack { margin-top: 30px; display: flex; flex-direction: column; gap: 12px; }

  /* notification card */
  .card { background: ${C.surface}; border-radius: 22px; padding: 16px 18px 18px; box-shadow: 0 6px 24px rgb(28 32 51 / 12%); }
  .card.dim { opacity: 0.55; }
  .card.ok { box-shadow: inset 0 0 0 3px ${C.accent}, 0 6px 24px rgb(28 32 51 / 12%); }
  .card-head { display: flex; align-items: center; gap: 10px; font-size: 16px; color: ${C.muted}; }
  .card-head .app { font-weight: 700; color: ${C.text}; }
  .card-head .when { margin-left: auto; }
  .app-icon { width: 30px; height: 30px; border-radius: 8px; display: grid; place-items: center; flex: none; }
  .card-title { margin-top: 10px; font-size: 23px; font-weight: 700; line-height: 1.25; }
  .card-body { margin-top: 4px; font-size: 19px; line-height: 1.4; color: ${C.muted}; text-wrap: pretty; }
  .actions { margin-top: 14px; display: flex; gap: 10px; }
  .btn { flex: 1; text-align: center; padding: 11px 0; border-radius: 12px; font-size: 19px; font-weight: 700; background: #eef1f7; color: ${C.text}; }
  .btn.primary { background: ${C.accent}; color: #fff; }
`;

function page(body, extraCss = "") {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${BASE_CSS}${extraCss}</style></head><body>${body}</body></html>`;
}

function appIcon(name, background) {
  return `<span class="app-icon" style="background:${background}">${icon(name, 19, "#fff", 2.2)}</span>`;
}

function card({ app, iconName, iconBg = C.primary, when, title, body, actions = "", cls = "" }) {
  return `<div class="card ${cls}">
    <div class="card-head">${appIcon(iconName, iconBg)}<span class="app">${app}</span><span class="when">${when}</span></div>
    <div class="card-title">${title}</div>
    ${body ? `<div class="card-body">${body}</div>` : ""}
    ${actions}
  </div>`;
}

const DONE_ACTIONS = `<div class="actions"><span class="btn primary">Done</span><span class="btn">Snooze</span></div>`;

function phone(clock, cards) {
  return `<div class="phone"><div class="screen"><div class="notch"></div>
    <div class="lock"><div class="clock">${clock}</div><div class="date">Tuesday</div></div>
    <div class="stack">${cards}</div>
  </div></div>`;
}

const STEPS = [
  { icon: "bell", label: "9:00 Ping" },
  { icon: "message", label: "9:15 Text" },
  { icon: "phone", label: "9:30 Call" },
  { icon: "buddy", label: "9:45 Buddy" },
];

// current: the index of the step on screen, or "done" (Done tapped after the call, so the
// buddy step never happens and takes the last place).
function ladder(current) {
  const items = STEPS.map((step, index) => {
    if (current === "done" && index === 3) return `<span class="step done">${icon("check", 20, "#fff", 2.6)}9:38 Done</span>`;
    let cls = "";
    if (current === "done" || index < current) cls = "past";
    else if (index === current) cls = "now";
    return `<span class="step ${cls}">${icon(step.icon, 20)}${step.label}</span>`;
  });
  return `<div class="ladder">${items.join("")}</div>`;
}

const BRAND = `<div class="brand">${logo(40)}<span>Nudge</span></div>`;

function stepSlide({ pill, pillClass = "", pillIcon, time, title, lede, clock, cards, current }) {
  return page(`${BRAND}
    <div class="copy">
      <span class="pill ${pillClass}">${icon(pillIcon, 22)}${pill}</span>
      ${time ? `<div class="time">${time}</div>` : ""}
      <h1>${title}</h1>
      <p class="lede">${lede}</p>
    </div>
    ${ladder(current)}
    ${phone(clock, cards)}`);
}

// ---------------------------------------------------------------------------------------------
// The slides. `seconds` is how long each still is on screen, including the fade into the next;
// `caption` is the WebVTT cue text (kept to two short lines).

const pingCard = card({
  app: "Nudge",
  iconName: "bell",
  when: "now",
  title: "Take your pills",
  body: "It’s 9:00. Tap Done when you have.",
  actions: DONE_ACTIONS,
});

const SLIDES = [
  {
    id: "01-ping",
    seconds: 4.0,
    caption: "9:00 · Take your pills.\nA gentle ping on Telegram or as a push.",
    html: stepSlide({
      pill: "At the due time",
      pillIcon: "clock",
      time: "9:00",
      title: "A gentle ping",
      lede: "“Take your pills” arrives on Telegram or as a push notification.",
      clock: "9:00",
      cards: pingCard,
      current: 0,
    }),
  },
  {
    id: "02-text-email",
    seconds: 4.0,
    caption: "9:15 · Not done yet?\nA text and an email follow, kindly.",
    html: stepSlide({
      pill: "Not acknowledged yet",
      pillClass: "warn",
      pillIcon: "clock",
      time: "9:15",
      title: "A text and an email",
      lede: "Still on your list? Nudge follows up by SMS and email.",
      clock: "9:15",
      cards:
        card({ app: "Messages", iconName: "message", iconBg: C.accent, when: "now", title: "Nudge", body: "Friendly reminder: take your pills. Tap the link to mark it Done." }) +
        card({ app: "Mail", iconName: "mail", iconBg: C.primary, when: "now", title: "Still on your list: Take your pills", body: "One tap on Done and we’ll stop." }),
      current: 1,
    }),
  },
  {
    id: "03-call",
    seconds: 4.0,
    caption: "9:30 · A friendly phone call\nreads out your reminder.",
    html: stepSlide({
      pill: "Not acknowledged yet",
      pillClass: "warn",
      pillIcon: "clock",
      time: "9:30",
      title: "A friendly phone call",
      lede: "A short automated call reads out your reminder. Press 1 for Done.",
      clock: "9:30",
      cards: card({
        app: "Phone",
        iconName: "phone",
        iconBg: C.accent,
        when: "incoming",
        title: "Nudge is calling",
        body: "“Hi, this is Nudge. Time to take your pills.”",
        actions: `<div class="actions"><span class="btn primary">Answer</span><span class="btn">Later</span></div>`,
      }),
      current: 2,
    }),
  },
  {
    id: "04-buddy",
    seconds: 4.0,
    caption: "9:45 · Your nudge buddy checks in:\na friend you chose gets a kind heads-up.",
    html: stepSlide({
      pill: "Not acknowledged yet",
      pillClass: "warn",
      pillIcon: "clock",
      time: "9:45",
      title: "Your nudge buddy checks in",
      lede: "Sam, the friend you chose, gets a kind heads-up to check in with you.",
      clock: "9:45",
      cards: card({
        app: "Messages",
        iconName: "buddy",
        iconBg: C.primary,
        when: "now",
        title: "Sam (nudge buddy)",
        body: "Hey! Just checking in: did you get to your pills? No rush.",
      }),
      current: 3,
    }),
  },
  {
    id: "05-done",
    seconds: 4.0,
    caption: "Tap Done, and the nudges stop.",
    html: stepSlide({
      pill: "At any step",
      pillClass: "ok",
      pillIcon: "check",
      time: "9:38",
      title: "Tap Done, and the nudges stop.",
      lede: "One tap at any step cancels every follow-up. Nothing else is sent.",
      clock: "9:38",
      cards: card({
        app: "Nudge",
        iconName: "check",
        iconBg: C.accent,
        when: "now",
        title: "Take your pills: done",
        body: "Nice one. No more nudges today, and Sam won’t be asked.",
        cls: "ok",
      }),
      current: "done",
    }),
  },
  {
    id: "06-end",
    seconds: 4.4,
    caption: "Nudge: reminders that wait until you act.",
    html: page(
      `<div class="end">
        <div class="wordmark">${logo(84)}<span>Nudge</span></div>
        <h1>Reminders that wait<br>until you act.</h1>
        <p class="lede">Ping, text and email, a call, then a friend. It stops the moment you tap Done.</p>
        <div class="mini">${appIcon("check", C.accent)}<span><b>Take your pills</b> · done</span></div>
      </div>`,
      `
      .end { position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; padding: 0 120px; }
      .wordmark { display: flex; align-items: center; gap: 20px; font-size: 64px; font-weight: 800; letter-spacing: -0.02em; color: ${C.text}; }
      .end h1 { margin-top: 34px; font-size: 64px; color: ${C.primary}; }
      .end .lede { max-width: 840px; text-wrap: balance; }
      .mini { margin-top: 36px; display: inline-flex; align-items: center; gap: 12px; padding: 14px 22px; border-radius: 18px; background: ${C.surface}; font-size: 22px; color: ${C.muted}; box-shadow: inset 0 0 0 2px ${C.accent}, 0 6px 24px rgb(28 32 51 / 10%); }
      .mini b { color: ${C.text}; }
      `,
    ),
  },
];

// The poster: a still in its own right. The page centres a round play button over it and puts a
// "Watch how it works" label at the bottom centre, so the middle column and the bottom centre
// are left empty here: title on the left, the escalation as a stack of cards on the right.
const POSTER_HTML = page(
  `${BRAND}
  <div class="copy poster-copy">
    <span class="pill">${icon("clock", 22)}In ${Math.round(buildTimeline().total)} seconds</span>
    <h1>How Nudge<br>works</h1>
    <p class="lede">A kind reminder that waits until you act, and stops the moment you tap Done.</p>
  </div>
  <div class="rail">
    ${[
      ["9:00", "bell", C.primary, "A gentle ping", "Telegram or push"],
      ["9:15", "message", C.accent, "A text and an email", "If it’s not done yet"],
      ["9:30", "phone", C.accent, "A friendly phone call", "Press 1 for Done"],
      ["9:45", "buddy", C.primary, "Your nudge buddy", "A friend checks in"],
    ]
      .map(
        ([time, name, bg, title, sub]) => `<div class="row">
          <span class="t">${time}</span>
          <div class="card slim">${appIcon(name, bg)}<div><div class="card-title">${title}</div><div class="card-body">${sub}</div></div></div>
        </div>`,
      )
      .join("")}
    <div class="row"><span class="t ok">${icon("check", 26, C.accent, 2.6)}</span><div class="card slim ok">${appIcon("check", C.accent)}<div><div class="card-title">Done: the nudges stop</div></div></div></div>
  </div>`,
  `
  .poster-copy { top: 178px; width: 480px; }
  .poster-copy h1 { margin-top: 26px; font-size: 76px; }
  .rail { position: absolute; right: 80px; top: 140px; width: 440px; display: flex; flex-direction: column; gap: 14px; }
  .rail::before { content: ""; position: absolute; left: 29px; top: 30px; bottom: 30px; width: 3px; border-radius: 2px; background: ${C.border}; }
  .row { display: flex; align-items: center; gap: 16px; position: relative; }
  .row .t { width: 62px; flex: none; text-align: center; font-size: 19px; font-weight: 700; color: ${C.primary}; background: ${C.bg}; padding: 4px 0; display: grid; place-items: center; }
  .card.slim { flex: 1; display: flex; align-items: center; gap: 14px; padding: 14px 18px; border-radius: 18px; }
  .card.slim .app-icon { width: 40px; height: 40px; border-radius: 11px; }
  .card.slim .card-title { margin-top: 0; font-size: 21px; }
  .card.slim .card-body { margin-top: 2px; font-size: 17px; }
  `,
);

// ---------------------------------------------------------------------------------------------
// Rendering

async function renderWithPlaywright(jobs) {
  let chromium;
  try {
    ({ chromium } = await import("playwright-core"));
  } catch {
    return false;
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_QUIET_ARGS, "--hide-scrollbars"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1, reducedMotion: "reduce" });
    const tab = await context.newPage();
    for (const job of jobs) {
      await tab.goto(pathToFileURL(job.htmlPath).href, { waitUntil: "load" });
      await tab.evaluate("document.fonts.ready"); // runs in the page, not in Node
      await tab.screenshot({ path: job.pngPath, type: "png" });
    }
  } finally {
    await browser.close();
  }
  return true;
}

function renderWithCli(jobs) {
  for (const job of jobs) {
    const result = spawnSync(
      CHROMIUM,
      [
        "--headless",
        ...CHROMIUM_QUIET_ARGS,
        "--hide-scrollbars",
        `--window-size=${WIDTH},${HEIGHT}`,
        `--screenshot=${job.pngPath}`,
        pathToFileURL(job.htmlPath).href,
      ],
      { stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 },
    );
    if (result.status !== 0 || !existsSync(job.pngPath)) {
      fail(`Chromium could not render ${job.htmlPath}:\n${result.stderr?.toString() ?? result.error}`);
    }
  }
}

function ffmpeg(args) {
  const result = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });
  if (result.status !== 0) fail(`ffmpeg failed: ffmpeg ${args.join(" ")}`);
}

// ---------------------------------------------------------------------------------------------
// Captions: each cue runs from the middle of the fade in to the middle of the fade out.

function vttTime(seconds) {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n, width = 2) => String(n).padStart(width, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

function buildTimeline() {
  // offsets[i]: when the fade from slide i to slide i+1 starts (ffmpeg xfade offsets).
  const offsets = [];
  let elapsed = 0;
  for (let i = 0; i < SLIDES.length - 1; i += 1) {
    elapsed += SLIDES[i].seconds - (i === 0 ? 0 : FADE_SECONDS);
    offsets.push(elapsed - FADE_SECONDS);
  }
  const total = SLIDES.reduce((sum, slide) => sum + slide.seconds, 0) - FADE_SECONDS * (SLIDES.length - 1);
  const cues = SLIDES.map((slide, i) => ({
    start: i === 0 ? 0 : offsets[i - 1] + FADE_SECONDS / 2,
    end: i === SLIDES.length - 1 ? total : offsets[i] + FADE_SECONDS / 2,
    text: slide.caption,
  }));
  return { offsets, total, cues };
}

// ---------------------------------------------------------------------------------------------
// Main

const work = mkdtempSync(join(tmpdir(), "nudge-promo-"));
try {
  mkdirSync(OUT_DIR, { recursive: true });
  const jobs = [...SLIDES.map((slide) => ({ id: slide.id, html: slide.html })), { id: "poster", html: POSTER_HTML }].map((job) => {
    const htmlPath = join(work, `${job.id}.html`);
    writeFileSync(htmlPath, job.html);
    return { ...job, htmlPath, pngPath: join(work, `${job.id}.png`) };
  });

  console.log(`Rendering ${jobs.length} HTML slides with ${CHROMIUM} ...`);
  if (!(await renderWithPlaywright(jobs))) {
    console.log("playwright-core is not installed; using Chromium's --screenshot flag instead.");
    renderWithCli(jobs);
  }

  const { offsets, total, cues } = buildTimeline();

  // Video: each still is looped for its time, then chained with 1 s "fade" cross-fades.
  console.log(`Encoding ${total.toFixed(1)} s of VP9 WebM ...`);
  const inputs = [];
  const filters = [];
  SLIDES.forEach((slide, i) => {
    inputs.push("-loop", "1", "-framerate", String(FPS), "-t", String(slide.seconds), "-i", join(work, `${slide.id}.png`));
    filters.push(`[${i}:v]scale=${WIDTH}:${HEIGHT},setsar=1,format=yuv420p,settb=AVTB[s${i}]`);
  });
  let previous = "s0";
  offsets.forEach((offset, i) => {
    const label = i === offsets.length - 1 ? "out" : `x${i + 1}`;
    filters.push(`[${previous}][s${i + 1}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${offset.toFixed(3)}[${label}]`);
    previous = label;
  });
  const webm = join(OUT_DIR, "promo.webm");
  const encode = [
    ...inputs,
    "-filter_complex", filters.join(";"),
    "-map", "[out]",
    "-an",
    "-c:v", "libvpx-vp9",
    "-b:v", "0",
    "-crf", "36",
    "-deadline", "good",
    "-cpu-used", "2",
    "-row-mt", "1",
    "-g", String(FPS * 4),
    "-pix_fmt", "yuv420p",
    "-r", String(FPS),
    "-metadata", "title=How Nudge works",
  ];
  // Two passes give a much smaller file for the same quality on these still-heavy frames.
  const passlog = join(work, "vp9pass");
  ffmpeg([...encode, "-pass", "1", "-passlogfile", passlog, "-f", "webm", "/dev/null"]);
  ffmpeg([...encode, "-pass", "2", "-passlogfile", passlog, webm]);

  // Poster: the HTML poster, re-encoded losslessly by ffmpeg (drops Chromium's PNG chunk overhead).
  const poster = join(OUT_DIR, "promo-poster.png");
  ffmpeg(["-i", join(work, "poster.png"), "-frames:v", "1", "-compression_level", "9", "-pred", "mixed", poster]);

  // Captions.
  const vtt = ["WEBVTT", "", ...cues.flatMap((cue, i) => [String(i + 1), `${vttTime(cue.start)} --> ${vttTime(cue.end)}`, cue.text, ""])].join("\n");
  writeFileSync(join(OUT_DIR, "promo.vtt"), vtt);

  const probe = spawnSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", webm], { encoding: "utf8" });
  const kb = (file) => `${(statSync(file).size / 1024).toFixed(0)} KB`;
  console.log(`\n  ${webm}  ${kb(webm)}, ${Number(probe.stdout).toFixed(2)} s`);
  console.log(`  ${poster}  ${kb(poster)}`);
  console.log(`  ${join(OUT_DIR, "promo.vtt")}  ${cues.length} cues\n`);
} finally {
  if (KEEP) console.log(`Slides kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
