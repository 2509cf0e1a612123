import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { register } from "../../worker/services/auth";
import { AuthCard, AuthDivider } from "../components/auth/AuthCard";
import { GoogleButton } from "../components/auth/GoogleButton";
import { NewPasswordFields } from "../components/auth/NewPasswordFields";
import { useLegalModals } from "../components/legal/LegalModals";
import { Alert } from "../components/ui/Alert";
import { Button } from "../components/ui/Button";
import { TextField } from "../components/ui/Field";
import { SelectField } from "../components/ui/SelectField";
import { browserTimeZone, useHydrated } from "../lib/hooks";
import { errorMessage, field } from "../lib/messages.server";
import { redirectIfLoggedIn, redirectWithTokens, requestMeta } from "../lib/session.server";
import { supportedTimeZones } from "../lib/timezones.server";

export const meta: MetaFunction = () => [{ title: "Create your account · Nudge" }];

const CONSENT_MESSAGE = "You must agree to the Terms of Service and Privacy Policy to register.";
const MISMATCH_MESSAGE = "Passwords do not match. Please check and try again.";
/** Where a new account lands; the page there shows the spec's success sentence. */
export const AFTER_REGISTER = "/integrations?registered=1";

export async function loader(args: LoaderFunctionArgs) {
  const headers = await redirectIfLoggedIn(args);
  const url = new URL(args.request.url);
  return data(
    {
      timeZones: supportedTimeZones(),
      // Optional pairing handshake (spec 01 section 2), passed on with the registration.
      platformId: url.searchParams.get("platformId")?.slice(0, 200) ?? null,
      platformCode: url.searchParams.get("code")?.slice(0, 200) ?? null,
    },
    { headers },
  );
}

/** Creates the account with the same register service as the API, signs in, goes to the channels page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
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
    return { values, error: errorMessage(error, "Registration failed. Please try again.") };
  }
  throw redirectWithTokens(AFTER_REGISTER, result);
}

export default function Register() {
  const { timeZones, platformId, platformCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();
  const legal = useLegalModals();
  const [timezone, setTimezone] = useState(actionData?.values.timezone || "UTC");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [consent, setConsent] = useState(false);

  // The server renders UTC; the browser then picks its own zone (spec: default is the browser's).
  useEffect(() => {
    if (actionData?.values.timezone) return;
    const zone = browserTimeZone();
    if (zone && timeZones.includes(zone)) setTimezone(zone);
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
      <GoogleButton>Sign up with Google</GoogleButton>
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
        <TextField label="Email" name="email" type="email" autoComplete="email" aria-required="true" defaultValue={actionData?.values.email ?? ""} />
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
          onChange={(event) => setTimezone(event.target.value)}
          hint="Reminders arrive at the right local time."
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
              <button type="button" className="link-button" onClick={() => legal.open("terms")}>
                Terms of Service
              </button>{" "}
              and the{" "}
              <button type="button" className="link-button" onClick={() => legal.open("privacy")}>
                Privacy Policy
              </button>
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
