import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { meteredD1, newMeter, serverTimingHeader } from "../../db/meter";

// The D1 meter behind `Server-Timing` and the benchmarks: queries, rows, and the round trips a
// request waits for one after another (what a page's latency grows with on Cloudflare).

describe("the D1 meter", () => {
  it("counts reads one after another as one round trip each", async () => {
    const meter = newMeter();
    const db = meteredD1(env.DB, meter);
    await db.prepare("select 1 as one").first();
    await db.prepare("select 2 as two").all();
    expect(meter).toMatchObject({ queries: 2, roundTrips: 2 });
  });

  it("counts reads started together, and a batch, as one round trip", async () => {
    const meter = newMeter();
    const db = meteredD1(env.DB, meter);
    const [one, two] = await Promise.all([db.prepare("select 1 as one").first("one"), db.prepare("select 2 as two").raw()]);
    expect([one, two]).toEqual([1, [[2]]]);
    expect(meter).toMatchObject({ queries: 2, roundTrips: 1 });
    await db.batch([db.prepare("select 1"), db.prepare("select 2"), db.prepare("select 3")]);
    expect(meter).toMatchObject({ queries: 5, roundTrips: 2 });
  });

  it("a failed call still ends its wait: the next call is a round trip of its own", async () => {
    const meter = newMeter();
    const db = meteredD1(env.DB, meter);
    await expect(db.prepare("select * from no_such_table").all()).rejects.toThrow(/no such table/);
    await db.prepare("select 1").run();
    expect(meter.roundTrips).toBe(2);
    expect(meter.queries).toBe(1);
  });

  it("reports queries, round trips and rows in Server-Timing", () => {
    const header = serverTimingHeader({ queries: 3, roundTrips: 2, durationMs: 1.25, rowsRead: 21, rowsWritten: 0 }, 4.04);
    expect(header).toBe('total;dur=4.0, d1;dur=1.3;desc="3 queries", d1-round-trips;desc="2", d1-rows-read;desc="21", d1-rows-written;desc="0"');
  });

  it("adds the token check's time after the total when the request ran one", () => {
    const header = serverTimingHeader({ queries: 1, roundTrips: 1, durationMs: 0.8, rowsRead: 21, rowsWritten: 0 }, 1.34, 0.16);
    expect(header).toBe('total;dur=1.3, auth;dur=0.2, d1;dur=0.8;desc="1 queries", d1-round-trips;desc="1", d1-rows-read;desc="21", d1-rows-written;desc="0"');
  });
});
