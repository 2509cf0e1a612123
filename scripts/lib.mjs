// Small helpers shared by the run scripts (start, browser-test server, benchmarks).
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** Runs a command to completion, streaming its output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", shell: false, ...options });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** The local run needs .dev.vars (secrets); the committed example holds safe fake values. */
export async function ensureDevVars() {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("Created .dev.vars from .dev.vars.example (fake secrets, dev outbox on).");
  }
  await ensureDevVapidKeys();
}

/**
 * A browser subscribes to push with the server's real VAPID public key, also locally (issue 13), so a
 * .dev.vars without a real pair gets one made here, once (the same library the Worker signs with).
 */
async function ensureDevVapidKeys() {
  const vars = readFileSync(".dev.vars", "utf8");
  const current = /^VAPID_PUBLIC_KEY=(.*)$/m.exec(vars)?.[1]?.trim() ?? "";
  if (/^[A-Za-z0-9_-]{87}$/.test(current)) return;
  const { generateVapidKeys, serializeVapidKeys } = await import("web-push-browser");
  const keys = await serializeVapidKeys(await generateVapidKeys());
  const without = vars.replace(/^VAPID_(PUBLIC|PRIVATE)_KEY=.*\n?/gm, "");
  writeFileSync(".dev.vars", `${without.trimEnd()}\nVAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`);
  console.log("Made a VAPID key pair for local web push in .dev.vars.");
}

/** Applies the D1 migrations to a local database (state kept under persistTo). */
export async function migrateLocal(persistTo) {
  const args = ["d1", "migrations", "apply", "DB", "--local"];
  if (persistTo) args.push("--persist-to", persistTo);
  // CI=true keeps wrangler from asking for confirmation.
  await run("wrangler", args, { env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } });
}

/** Starts `wrangler dev` on the built app; resolves with the child once it answers /v1/health. */
export async function startWrangler({ port, persistTo, vars = {}, quiet = false }) {
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--test-scheduled", "--show-interactive-dev-session=false"];
  if (persistTo) args.push("--persist-to", persistTo);
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  const child = spawn("wrangler", args, {
    stdio: quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", BROWSER: "none" },
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      if (response.ok) return { child, url };
      // 503 "degraded": the server runs, but a required channel is not configured (DEV_OUTBOX off
      // without an email provider). Say so and go on; /v1/health keeps saying it until it is fixed.
      if (response.status === 503) {
        const body = await response.json().catch(() => ({}));
        console.warn(`/v1/health says ${body.status ?? "degraded"}: ${(body.problems ?? []).join(" ")}`);
        return { child, url };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error("wrangler dev did not answer /v1/health within 90 seconds");
}

/** Fires the cron trigger once, as Cloudflare would every minute. */
export async function fireCron(url) {
  const response = await fetch(`${url}/__scheduled?cron=*+*+*+*+*`);
  return response.status;
}

/**
 * Bundles the real Worker once into `${dir}/dist` and writes `${dir}/wrangler.toml`: the project's
 * config minus the static assets (not needed by the benchmarks), served from that bundle with
 * no_bundle, so a rebuild or an edit by someone else cannot reload the Worker mid-measurement.
 * `vars` overrides further [vars] lines that already stand in wrangler.toml (e.g. APP_URL).
 */
export async function bundleBenchWorker(dir, vars = {}, root = ".") {
  const env = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", BROWSER: "none" };
  mkdirSync(`${dir}/dist`, { recursive: true });
  // `root` is the source tree bundled (another commit's worktree for bench:compare); its migrations too.
  await run("wrangler", ["deploy", "--dry-run", "--outdir", resolve(dir, "dist")], { env, stdio: ["ignore", "ignore", "inherit"], cwd: root });
  let config = readFileSync(join(root, "wrangler.toml"), "utf8")
    .replace(/^name = .*$/m, 'name = "nudge-bench"')
    .replace(/^main = .*$/m, 'main = "dist/index.js"\nno_bundle = true')
    .replace(/^\[assets\][\s\S]*?(?=^\[)/m, "")
    .replace(/^\[alias\][\s\S]*$/m, "")
    .replace(/^migrations_dir = .*$/m, `migrations_dir = "${relative(dir, join(root, "migrations"))}"`)
    .replace(/^DEV_OUTBOX = .*$/m, 'DEV_OUTBOX = "true"')
    .replace(/^EMAIL_PROVIDER = .*$/m, 'EMAIL_PROVIDER = "outbox"');
  for (const [name, value] of Object.entries(vars)) {
    config = config.replace(new RegExp(`^${name} = .*$`, "m"), `${name} = ${JSON.stringify(value)}`);
  }
  writeFileSync(`${dir}/wrangler.toml`, config);
  copyFileSync(join(root, ".dev.vars"), `${dir}/.dev.vars`);
}
