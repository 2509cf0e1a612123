import { BrowserClient, defaultStackParser, feedbackIntegration, getCurrentScope, makeFetchTransport } from "@sentry/browser";

/**
 * The Report a Bug widget (spec 02) is Sentry's user-feedback widget, loaded only when a person
 * opens it. Its client sends nothing but the report, and sends it to our own Worker (the SDK's
 * `tunnel`), which stores it and forwards it to Sentry when the server has a DSN. The DSN here only
 * shapes the envelope: the Worker never forwards to a project a browser names.
 */
export const FEEDBACK_TUNNEL = "/v1/feedback/tunnel";
const ENVELOPE_DSN = "https://widget@nudge.invalid/1";

export interface FeedbackUser {
  name: string | null;
  email: string | null;
}

let feedback: ReturnType<typeof feedbackIntegration> | null = null;

/** The page's CSP nonce (browsers hide the attribute but keep the property): the widget's styles carry it. */
function styleNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

function setUp(): ReturnType<typeof feedbackIntegration> {
  if (feedback) return feedback;
  const client = new BrowserClient({
    dsn: ENVELOPE_DSN,
    tunnel: FEEDBACK_TUNNEL,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [],
    sendClientReports: false,
  });
  getCurrentScope().setClient(client);
  client.init();
  feedback = feedbackIntegration({
    autoInject: false,
    showBranding: false,
    // Settings, Appearance (ADR 084): a scheme chosen against the device's is on <html data-theme>.
    colorScheme: chosenScheme(),
    isNameRequired: false,
    isEmailRequired: false,
    enableScreenshot: true,
    useSentryUser: { name: "username", email: "email" },
    styleNonce: styleNonce(),
    tags: { surface: "web" },
    themeLight: { accentBackground: "#3b4fc4", successColor: "#1f7a4d" },
    themeDark: { accentBackground: "#9eabff", accentForeground: "#10132a", successColor: "#80d79c" },
  });
  client.addIntegration(feedback);
  return feedback;
}

/** Opens the form with the person's name and email filled in; it removes itself once closed. */
export async function openBugReport(user: FeedbackUser): Promise<void> {
  const integration = setUp();
  getCurrentScope().setUser({ username: user.name ?? undefined, email: user.email ?? undefined });
  const form = await integration.createForm({
    onFormClose: () => form.removeFromDom(),
  });
  form.appendToDom();
  form.open();
}

/** "light" or "dark" when the person chose one in Settings, else "system" (the device's). */
function chosenScheme(): "light" | "dark" | "system" {
  const theme = document.documentElement.dataset.theme;
  return theme === "light" || theme === "dark" ? theme : "system";
}
