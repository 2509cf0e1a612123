// `npm run deploy` (docs/deploy.md): the checks, then the remote migrations, then `wrangler deploy`.
//   node scripts/deploy.mjs              typecheck, lint, build, dry run, migrations --remote, deploy
//   node scripts/deploy.mjs --with-tests the workerd suite too, before anything remote
//   node scripts/deploy.mjs --dry-run    the checks and `wrangler deploy --dry-run` only (nothing remote)
import { readFileSync } from "node:fs";
import { run } from "./lib.mjs";

const args = new Set(process.argv.slice(2));
const npx = (...rest) => run("npx", rest, { env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
const npm = (...rest) => run("npm", rest);

// wrangler.toml ships with database_id = "local" (fine for wrangler dev); a real deploy needs the id
// that `wrangler d1 create nudge` printed.
function checkDatabaseId() {
  const toml = readFileSync("wrangler.toml", "utf8");
  if (/database_id\s*=\s*"local"/.test(toml)) {
    throw new Error('wrangler.toml still has database_id = "local": put in the id `wrangler d1 create nudge` printed (docs/deploy.md, step 2).');
  }
}

try {
  await npm("run", "typecheck");
  await npm("run", "lint");
  if (args.has("--with-tests")) await npm("run", "test:workerd");
  await npm("run", "build");
  await npx("wrangler", "deploy", "--dry-run", "--outdir", ".wrangler/dry-run");
  if (!args.has("--dry-run")) {
    checkDatabaseId();
    await npx("wrangler", "d1", "migrations", "apply", "DB", "--remote");
    await npx("wrangler", "deploy");
    console.log("Deployed. Check GET /v1/health on your domain: every service it lists as missing names the variable to set.");
  }
} catch (error) {
  console.error(`Deploy stopped: ${error.message}`);
  process.exit(1);
}
