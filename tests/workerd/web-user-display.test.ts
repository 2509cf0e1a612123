import { describe, expect, it } from "vitest";
import { accountMenuLabel, avatarLetter, BRAND_NAME, graphemes, menuName } from "../../app/lib/user-display";

/** The header's avatar letter and the menu's name (spec 01 section 2, section 9: truncation at 8). */
describe("menuName", () => {
  it("takes the first word in upper case, cut to 8 characters with an ellipsis only when longer", () => {
    expect(menuName("Jonathan Smith")).toBe("JONATHAN"); // exactly 8: whole, no ellipsis
    expect(menuName("Alexandria")).toBe("ALEXANDR…");
    expect(menuName("Alexandria Smith")).toBe("ALEXANDR…");
    expect(menuName("Christopher")).toBe("CHRISTOP…");
    expect(menuName("Bo")).toBe("BO");
    expect(menuName("Ann-Marie Jones")).toBe("ANN-MARI…");
  });

  it("ignores surrounding and repeated white space of every kind", () => {
    expect(menuName("  bo  peep")).toBe("BO");
    expect(menuName("\tSam\nJones")).toBe("SAM");
    expect(menuName("\u00a0Zoë\u00a0Field")).toBe("ZOË");
  });

  it("shows the brand when there is no name", () => {
    expect(BRAND_NAME).toBe("NUDGE");
    expect(menuName("")).toBe("NUDGE");
    expect(menuName("   ")).toBe("NUDGE");
    expect(menuName(null)).toBe("NUDGE");
    expect(menuName(undefined)).toBe("NUDGE");
  });

  it("counts what a reader sees as one character: emoji, astral letters, accents", () => {
    // Nine family emoji (each several code points joined by ZWJ): eight stay whole, then '…'.
    const family = "👩‍👩‍👧";
    expect(menuName(family.repeat(9))).toBe(`${family.repeat(8)}…`);
    // Mathematical bold letters live outside the BMP (two UTF-16 units each).
    expect(menuName("𝐀𝐁𝐂𝐃𝐄𝐅𝐆𝐇𝐈")).toBe("𝐀𝐁𝐂𝐃𝐄𝐅𝐆𝐇…");
    // 'e' + combining acute is one character, not cut in half.
    expect(menuName("Ame\u0301lie-Anne")).toBe("AME\u0301LIE-A…"); // 8 characters, 9 code points
    expect(menuName("李小龍")).toBe("李小龍");
  });
});

describe("avatarLetter", () => {
  it("is the first letter of the name in upper case", () => {
    expect(avatarLetter("Alexandria Smith")).toBe("A");
    expect(avatarLetter("bo peep")).toBe("B");
    expect(avatarLetter("  zoë")).toBe("Z");
    expect(avatarLetter("élodie")).toBe("É");
  });

  it("keeps a whole emoji or astral character, never half of a surrogate pair", () => {
    expect(avatarLetter("👩‍👩‍👧 Family")).toBe("👩‍👩‍👧");
    expect(avatarLetter("👍🏽 Thumbs")).toBe("👍🏽");
    expect(avatarLetter("🇳🇱 Dutch")).toBe("🇳🇱");
    expect(avatarLetter("𝐀lpha")).toBe("𝐀");
    expect(avatarLetter("\u{10428}eseret")).toBe("\u{10400}"); // Deseret small -> capital, both astral
  });

  it("does not turn one letter into two", () => {
    expect(avatarLetter("ßara")).toBe("ß");
  });

  it("is '?' when there is no name", () => {
    expect(avatarLetter("")).toBe("?");
    expect(avatarLetter("   ")).toBe("?");
    expect(avatarLetter(null)).toBe("?");
    expect(avatarLetter(undefined)).toBe("?");
  });
});

describe("accountMenuLabel and graphemes", () => {
  it("names whose menu the avatar opens", () => {
    expect(accountMenuLabel("Alexandria Smith")).toBe("Account menu for Alexandria Smith");
    expect(accountMenuLabel("  Bo ")).toBe("Account menu for Bo");
    expect(accountMenuLabel("")).toBe("Account menu");
  });

  it("splits text into what a reader sees as characters", () => {
    expect(graphemes("a👍🏽b")).toEqual(["a", "👍🏽", "b"]);
    expect(graphemes("")).toEqual([]);
  });
});
