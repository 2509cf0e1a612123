import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PushAnswer, PushRowData } from "~/lib/push.server";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ChannelRowHead } from "./ChannelRowHead";
import { currentSubscription, deviceLabel, pushSupported, PUSH_TEXTS, subscribeThisBrowser, type PushSupport } from "./push-client";

const RESOURCE = "/resources/push";

/**
 * "Notifications on this device" (issue 13): a switch that asks the browser for permission only
 * when pressed, then subscribes and saves this device; the list of the person's devices, each with
 * Remove (a plain form, so it works without JavaScript). The first step of every sequence is a
 * gentle ping on Telegram or here.
 */
export function PushRow({ initial }: { initial: PushRowData }) {
  const fetcher = useFetcher<PushAnswer>();
  const [support, setSupport] = useState<PushSupport>("unknown");
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const answer = fetcher.data;
  const devices = answer?.ok ? answer.devices : initial.devices;
  const on = thisEndpoint !== null && devices.some((device) => device.endpoint === thisEndpoint);

  useEffect(() => {
    if (!pushSupported()) {
      setSupport("unsupported");
      return;
    }
    setSupport("ready");
    void currentSubscription().then((subscription) => setThisEndpoint(subscription?.endpoint ?? null));
  }, []);

  async function turnOn() {
    if (!initial.publicKey) return;
    setBusy(true);
    setProblem(null);
    try {
      const subscription = await subscribeThisBrowser(initial.publicKey);
      setThisEndpoint(subscription.endpoint);
      fetcher.submit({ intent: "subscribe", subscription: subscription.toJSON(), label: deviceLabel(navigator.userAgent) } as never, { method: "post", action: RESOURCE, encType: "application/json" });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : PUSH_TEXTS.subscribeFailed);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setProblem(null);
    const subscription = await currentSubscription();
    const endpoint = subscription?.endpoint ?? thisEndpoint;
    await subscription?.unsubscribe().catch(() => false);
    setThisEndpoint(null);
    fetcher.submit({ intent: "unsubscribe", endpoint } as never, { method: "post", action: RESOURCE, encType: "application/json" });
    setBusy(false);
  }

  const saving = busy || fetcher.state !== "idle";
  const unavailable = !initial.available;
  return (
    <li className="card channel-row" id="notifications">
      <ChannelRowHead
        id="push"
        icon={
          <>
            <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
            <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          </>
        }
        title="Notifications on this device"
        switchLabel="Notifications on this device"
        input={{ checked: on, disabled: unavailable || support !== "ready" || saving, onChange: () => void (on ? turnOff() : turnOn()) }}
        description="A gentle ping on this phone or computer when a reminder is due, with Done and Snooze buttons. Your browser asks for permission when you turn it on."
      />
      <div className="push-row__body" aria-live="polite">
        {unavailable ? <Alert tone="info">{initial.reason ?? "Notifications aren't available on this server right now."}</Alert> : null}
        {!unavailable && support === "unsupported" ? <Alert tone="info">{PUSH_TEXTS.unsupported}</Alert> : null}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {answer ? <Alert tone={answer.ok ? "success" : "error"}>{answer.message}</Alert> : null}
        {devices.length > 0 ? (
          <div className="push-devices">
            <h3 className="push-devices__title">Devices with notifications on</h3>
            <ul className="push-devices__list">
              {devices.map((device) => (
                <li key={device.id} className="push-devices__item">
                  <span>
                    {device.label}
                    {device.endpoint === thisEndpoint ? <span className="muted"> (this device)</span> : null}
                  </span>
                  <Form
                    method="post"
                    action={RESOURCE}
                    onSubmit={(event) => {
                      // With JavaScript the answer stays on the page (JSON); without, the form posts and the page reloads.
                      event.preventDefault();
                      fetcher.submit({ intent: "remove", deviceId: device.id } as never, { method: "post", action: RESOURCE, encType: "application/json" });
                      if (device.endpoint === thisEndpoint) setThisEndpoint(null);
                    }}
                  >
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="deviceId" value={device.id} />
                    <Button type="submit" variant="ghost" disabled={fetcher.state !== "idle"} aria-label={`Remove ${device.label}`}>
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </li>
  );
}
