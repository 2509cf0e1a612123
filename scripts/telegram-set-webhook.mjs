// Points the Telegram bot at this deployment's webhook (docs/telegram.md):
//   TELEGRAM_BOT_TOKEN=... TELEGRAM_WEBHOOK_SECRET=... APP_URL=https://your.domain node scripts/telegram-set-webhook.mjs
// Uses the Bot API directly (setWebhook, then getWebhookInfo); nothing is stored.
const token = process.env.TELEGRAM_BOT_TOKEN;
const secret = process.env.TELEGRAM_WEBHOOK_SECRET;
const appUrl = process.env.APP_URL;
const apiRoot = process.env.TELEGRAM_API_ROOT ?? "https://api.telegram.org";
const missing = Object.entries({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: secret, APP_URL: appUrl }).filter(([, v]) => !v);
if (missing.length > 0) {
  console.error(`Set ${missing.map(([k]) => k).join(", ")} first (see docs/telegram.md).`);
  process.exit(1);
}
if (!/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
  console.error("TELEGRAM_WEBHOOK_SECRET may only hold A-Z, a-z, 0-9, _ and - (1 to 256 characters), as Telegram requires.");
  process.exit(1);
}
async function call(method, body) {
  const response = await fetch(`${apiRoot}/bot${token}/${method}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}) });
  const answer = await response.json();
  if (!answer.ok) throw new Error(`${method}: ${answer.error_code} ${answer.description}`);
  return answer.result;
}
const url = new URL("/telegram/webhook", appUrl).toString();
await call("setWebhook", { url, secret_token: secret, allowed_updates: ["message", "edited_message", "callback_query", "message_reaction"], drop_pending_updates: true });
await call("setMyCommands", {
  commands: [
    { command: "today", description: "What's on today" },
    { command: "tomorrow", description: "What's on tomorrow" },
    { command: "week", description: "The next 7 days" },
    { command: "missed", description: "What still waits for an answer" },
    { command: "list", description: "Your next reminders" },
    { command: "pause", description: "Take a break from reminders" },
    { command: "help", description: "What I can do" },
    { command: "stop", description: "Unlink this chat" },
  ],
});
console.log(`Webhook set to ${url}.`);
console.log(JSON.stringify(await call("getWebhookInfo"), null, 2));
