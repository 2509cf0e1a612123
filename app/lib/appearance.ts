/** Settings, Appearance (ADR 084): follow the device, or always light, or always dark. */
export const APPEARANCES = ["device", "light", "dark"] as const;
export type Appearance = (typeof APPEARANCES)[number];

export const APPEARANCE_LABELS: Record<Appearance, string> = {
  device: "Match this device",
  light: "Light",
  dark: "Dark",
};

/** The browser's bar colour for each scheme (the meta theme-color), as the header's. */
export const THEME_COLORS = { light: "#3b4fc4", dark: "#11131c" } as const;
