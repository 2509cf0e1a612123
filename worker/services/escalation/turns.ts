import type { WonStep } from "./claim";

/**
 * The order a tick queues its claimed steps in: round-robin by owner. The first step of every
 * owner, then the second of every owner, and so on, each owner's own steps staying in claim (due)
 * order. One account with thousands of due steps then takes one place in each turn instead of the
 * head of the queue, and everyone else's reminder goes out with the first batch (ADR 043).
 */
export function takeTurnsByOwner(steps: readonly WonStep[]): string[] {
  const byOwner = new Map<string, string[]>();
  for (const step of steps) {
    const queue = byOwner.get(step.userId);
    if (queue) queue.push(step.id);
    else byOwner.set(step.userId, [step.id]);
  }
  const owners = [...byOwner.values()];
  const ordered: string[] = [];
  for (let turn = 0; ordered.length < steps.length; turn++) {
    for (const ids of owners) if (turn < ids.length) ordered.push(ids[turn]!);
  }
  return ordered;
}
