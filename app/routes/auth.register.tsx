import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect, useState } from "react";
import { clearPairingSetCookie, register } from "../../worker/services/auth";
import { requestMeta } from "../../worker/http";
import { EmailField } from "~/components/auth/EmailField";
import { AuthCard, AuthDivider } from "~/components/auth/AuthCard";
import { GoogleButton } from "~/components/auth/GoogleButton";
import { NewPasswordFields } from "~/components/auth/NewPasswordFields";
import { LegalLink } from "~/components/legal/LegalModals";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { browserTimeZone, useHydrated } from "~/lib/hooks";
import { matchListedTimeZone } from "~/lib/timezones";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { REGISTRATION_FAILED } from "~/lib/messages";
import { errorMessage } from "~/lib/action-errors.server";
import { field, readForm } from "~/lib/forms.server";
import { readPairing } from "~/lib/pairing.server";
import { redirectIfLoggedIn, redirectWithTokens } from "~/lib/session.server";
import { supportedTimeZones } from "~/lib/timezones.server";

export const meta: MetaFunction = () => [
  { title: "Create your account · Nudge" },
  { name: "description", content: "Create a free Nudge account: a kind reminder assistant that keeps nudging you, and a friend if you want, until the task is done." },
];

const CONSENT_MESSAGE = "You must agree to the Terms of Service and Privacy Policy to register.";
const MISMATCH_MESSAGE = "Passwords do not match. Please check and try again.";
/** Where a new account lands; the page there shows the spec's success sentence. */
export const AFTER_REGISTER = "/integrations?registered=1";

export async function loader(args: LoaderFunctionArgs) {
  const headers = await redirectIfLoggedIn(args);
  // Optional pairing handshake (spec 01 section 2), from the URL or the pairing cookie, passed on with the registration.
  const pairing = readPairing(args.request);
  return data(
    {
      timeZones: supportedTimeZones(),
      platformId: pairing?.platformId ?? null,
      platformCode: pairing?.platformCode ?? null,
    },
    { headers },
  );
}

/** Creates the account with the same register service as the API, signs in, goes to the channels page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const values = { name: field(form, "name"), email: field(form, "email"), timezone: field(form, "timezone") };
  const password = field(form, "password", { trim: false });
  const confirmPassword = field(form, "confirmPassword", { trim: false });
  const consent = form.get("consent") === "on";
  const platformId = field(form, "platformId");
  const platformCode = field(form, "platformCode");
  if (!consent) return { values, error: CONSENT_MESSAGE };
  if (password !== confirmPassword) return { values, error: MISMATCH_MESSAGE };
  let result;
  try {
    result = await register(
      context.deps,
      {
        ...values,
        password,
        consent: true,
        ...(platformId && platformCode ? { platformId, platformCode } : {}),
      },
      requestMeta(request),
    );
  } catch (error) {
    return { values, error: errorMessage(error, REGISTRATION_FAILED) };
  }
  const response = redirectWithTokens(AFTER_REGISTER, result);
  // Spec 01: registration clears the pairing data after success (the account keeps the handshake,
  // hashed, and links the chat once the email is verified).
  response.headers.append("Set-Cookie", clearPairingSetCookie());
  throw response;
}

/** The server unreachable or failing: 'Registration failed. Please try again.', the form kept. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request);
  const values = { name: formText(form, "name").trim(), email: formText(form, "email").trim(), timezone: formText(form, "timezone") };
  return serverOr(serverAction<typeof action>, () => ({ values, error: REGISTRATION_FAILED }));
}

export default function Register() {
  const { timeZones, platformId, platformCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();
  const [timezone, setTimezone] = useState(actionData?.values.timezone || "UTC");
  const [unmatchedZone, setUnmatchedZone] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [consent, setConsent] = useState(false);

  // The server renders UTC; the browser then picks its own zone (spec: default is the browser's),
  // in the list's spelling (Asia/Kolkata may be listed as Asia/Calcutta). No match is said aloud.
  useEffect(() => {
    if (actionData?.values.timezone) return;
    const zone = browserTimeZone();
    const listed = matchListedTimeZone(zone, timeZones);
    if (listed) setTimezone(listed);
    else if (zone) setUnmatchedZone(zone);
    // Only on mount: later choices are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Disabled only once JavaScript runs; without it the server checks consent and the match.
  const blocked = hydrated && (!consent || password !== confirm);
  const error = busy ? null : actionData?.error ?? null;

  return (
    <AuthCard
      title="Create your account"
      lead="A few details and Nudge starts looking out for you."
      footer={
        <p>
          Already have an account? <Link to="/auth/login">Sign in</Link>
        </p>
      }
    >
      <GoogleButton consent describedBy="google-consent">
        Sign up with Google
      </GoogleButton>
      <p id="google-consent" className="field__hint auth-card__note google-consent">
        By continuing with Google you agree to the <LegalLink document="terms">Terms of Service</LegalLink> and{" "}
        <LegalLink document="privacy">Privacy Policy</LegalLink>.
      </p>
      <AuthDivider />
      <Form method="post" noValidate>
        {platformId && platformCode ? (
          <>
            <input type="hidden" name="platformId" value={platformId} />
            <input type="hidden" name="platformCode" value={platformCode} />
          </>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField label="Name" name="name" autoComplete="name" aria-required="true" defaultValue={actionData?.values.name ?? ""} />
        <EmailField label="Email" defaultValue={actionData?.values.email ?? ""} />
        <NewPasswordFields
          passwordLabel="Password"
          passwordName="password"
          confirmLabel="Confirm password"
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          mismatchMessage={MISMATCH_MESSAGE}
        />
        <SelectField
          label="Timezone"
          name="timezone"
          value={timezone}
          onChange={(event) => {
            setTimezone(event.target.value);
            setUnmatchedZone(null);
          }}
          hint={
            unmatchedZone
              ? `Your device reports "${unmatchedZone}", which is not in our list. Please choose your time zone.`
              : "Reminders arrive at the right local time."
          }
        >
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
        <div className="field">
          <div className="checkbox">
            <input id="consent" type="checkbox" name="consent" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
            <label htmlFor="consent">
              I agree to the{" "}
              <LegalLink document="terms">Terms of Service</LegalLink> and the <LegalLink document="privacy">Privacy Policy</LegalLink>
              .
            </label>
          </div>
        </div>
        <Button type="submit" size="lg" block disabled={busy || blocked}>
          {busy ? "Creating your account..." : "Create Account"}
        </Button>
        {hydrated && !consent ? <p className="field__hint auth-card__note">Tick the box above to agree before creating your account.</p> : null}
      </Form>
    </AuthCard>
  );
}
