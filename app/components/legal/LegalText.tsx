/** The legal texts (effective 07/07/2025). `email` is the support address from the Worker's vars. */
export const LEGAL_EFFECTIVE_DATE = "07/07/2025";

export function TermsOfServiceText({ email }: { email: string }) {
  return (
    <div className="legal">
      <p>
        <strong>Effective date: {LEGAL_EFFECTIVE_DATE}</strong>
      </p>
      <p>
        These Terms of Service govern your use of Nudge, a reminder assistant that keeps reminding you, and if you
        ask it to, the people you trust, until you act on a task.
      </p>
      <h3>1. Your account</h3>
      <p>
        You must give accurate details when you register and keep your password safe. You are responsible for what
        happens under your account. You may close your account at any time.
      </p>
      <h3>2. Reminders and escalation</h3>
      <p>
        Nudge sends reminders by the channels you set up: email, Telegram, text messages, automated phone calls and,
        if you name them, your nudge buddies. We work hard to deliver every reminder on time, but delivery depends on
        networks and providers we do not control. Do not rely on Nudge as your only safeguard for anything where a
        missed reminder could cause harm, such as critical medication or emergencies.
      </p>
      <h3>3. Nudge buddies</h3>
      <p>
        You may only name people who agree to help you. Each buddy verifies their contact details and can opt out at
        any time from every message we send them.
      </p>
      <h3>4. Acceptable use</h3>
      <p>
        Do not use Nudge to send unwanted messages, to harass anyone, or to break the law. We may suspend accounts
        that do.
      </p>
      <h3>5. Changes and contact</h3>
      <p>
        We will tell you by email before these terms change in a way that matters. Questions: <a href={`mailto:${email}`}>{email}</a>.
      </p>
    </div>
  );
}

export function PrivacyPolicyText({ email }: { email: string }) {
  return (
    <div className="legal">
      <p>
        <strong>Effective date: {LEGAL_EFFECTIVE_DATE}</strong>
      </p>
      <p>This Privacy Policy explains what Nudge collects, why, and the choices you have.</p>
      <h3>1. What we collect</h3>
      <ul>
        <li>Account details: your name, email address, time zone and, if you add them, your phone number and Telegram chat.</li>
        <li>Your tasks and reminders, and a record of the reminders we sent.</li>
        <li>Your nudge buddies' names and contact details, which you give us with their agreement.</li>
      </ul>
      <h3>2. Why we use it</h3>
      <p>
        Only to deliver your reminders, to escalate them the way you chose, to keep your account secure and to improve
        the product. We never sell your data.
      </p>
      <h3>3. Who else sees it</h3>
      <p>
        The providers that carry your messages (email, SMS and call providers, Telegram) receive what they need to
        deliver them. Your nudge buddies see the title of a task only when a reminder escalates to them.
      </p>
      <h3>4. Your choices</h3>
      <p>
        You can change or delete your data, disconnect any channel and remove your buddies at any time. Buddies can
        unsubscribe from any alert.
      </p>
      <h3>5. Contact</h3>
      <p>
        Write to <a href={`mailto:${email}`}>{email}</a> for any privacy question or request.
      </p>
    </div>
  );
}
