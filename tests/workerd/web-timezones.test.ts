import { describe, expect, it } from "vitest";
import { matchListedTimeZone, resolveTimeZone } from "../../app/lib/timezones";
import { supportedTimeZones } from "../../app/lib/timezones.server";

/**
 * The register and settings dropdowns preselect the browser's zone. Browsers spell some zones
 * differently from the server's list (Firefox: Asia/Kolkata; Chromium and workerd: Asia/Calcutta);
 * matchListedTimeZone finds the listed spelling instead of silently keeping UTC.
 */
const listed = supportedTimeZones();

describe("matchListedTimeZone", () => {
  it("keeps a listed zone as it is", () => {
    expect(matchListedTimeZone("Europe/Berlin", listed)).toBe("Europe/Berlin");
    expect(matchListedTimeZone("UTC", listed)).toBe("UTC");
  });

  it("finds the listed spelling of a renamed zone, whichever way the list spells it", () => {
    const india = matchListedTimeZone("Asia/Kolkata", listed);
    expect(["Asia/Kolkata", "Asia/Calcutta"]).toContain(india);
    expect(listed).toContain(india);
    expect(matchListedTimeZone("Asia/Calcutta", listed)).toBe(india);
    expect(matchListedTimeZone("Asia/Kolkata", ["Europe/Berlin", "Asia/Calcutta"])).toBe("Asia/Calcutta");
    expect(matchListedTimeZone("Asia/Calcutta", ["Asia/Kolkata", "UTC"])).toBe("Asia/Kolkata");
    expect(matchListedTimeZone("Europe/Kyiv", ["Europe/Kiev"])).toBe("Europe/Kiev");
    expect(matchListedTimeZone("America/Argentina/Buenos_Aires", ["America/Buenos_Aires"])).toBe("America/Buenos_Aires");
  });

  it("maps every spelling of UTC, including the offset form, to UTC", () => {
    for (const zone of ["Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal", "Zulu", "+00:00", "-00:00", "+0000", "etc/utc"]) {
      expect(matchListedTimeZone(zone, listed), zone).toBe("UTC");
    }
  });

  it("uses the runtime's own resolution for other aliases (US/Eastern is America/New_York)", () => {
    expect(resolveTimeZone("US/Eastern")).toBe("America/New_York");
    expect(matchListedTimeZone("US/Eastern", listed)).toBe("America/New_York");
    expect(matchListedTimeZone("US/Eastern", ["Europe/Berlin", "America/New_York"])).toBe("America/New_York");
  });

  it("answers null when nothing matches, so the screen can say so", () => {
    expect(matchListedTimeZone("Mars/Olympus_Mons", listed)).toBeNull();
    expect(matchListedTimeZone("+05:30", ["UTC", "Europe/Berlin"])).toBeNull();
    expect(matchListedTimeZone("Asia/Tokyo", ["UTC", "Europe/Berlin"])).toBeNull();
    expect(matchListedTimeZone("", listed)).toBeNull();
    expect(matchListedTimeZone(null, listed)).toBeNull();
    expect(resolveTimeZone("Mars/Olympus_Mons")).toBeNull();
  });
});
