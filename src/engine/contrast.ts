import { type JNode, type JScalar, member } from '../parsers/json';

/**
 * The contrast checks of the platform's `mint a11y` (@mintlify/cli 4.0.1552, bin/accessibility.js
 * and accessibilityCheck.js), its backgrounds (@mintlify/common's getBackgroundColors) and the
 * `color` package's WCAG ratio (4.2.3: luminosity with the 0.04045 threshold; `level` AAA at 7, AA
 * at 4.5), ported so that every verdict is the platform's. Colours are read as `color` reads hex
 * codes (3, 4, 6 or 8 digits; the alpha is not part of the ratio); a colour that is no hex code is
 * the schema's finding, and not checked here.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A hex colour as `color` (color-string) reads one; undefined when it is none. */
export function parseHex(text: string): Rgb | undefined {
  const digits = /^#([a-f0-9]{3,4}|[a-f0-9]{6}(?:[a-f0-9]{2})?)$/i.exec(text)?.[1];
  if (!digits) return undefined;
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
  const value = Number.parseInt(full.slice(0, 6), 16);
  return { r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff };
}

/** WCAG 2's relative luminance, as `color` works it out. */
function luminance({ r, g, b }: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

export const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** @mintlify/common's combineColors: `over` at `opacity` on an opaque `base`, each channel rounded. */
function blend(base: Rgb, over: Rgb, opacity: number): Rgb {
  const mix = (b: number, o: number) => Math.round((1 - opacity) * b + opacity * o);
  return { r: mix(base.r, over.r), g: mix(base.g, over.g), b: mix(base.b, over.b) };
}

/** The two backgrounds, as getBackgroundColors makes them: each as the check reads it, and where it comes from. */
export interface Backgrounds {
  light: string;
  dark: string;
  lightFrom: string;
  darkFrom: string;
}

/** The docs.json values the checks read: `colors`, `background.color`, `theme`, the global anchors' colours. */
export interface ColorSettings {
  primary?: string;
  light?: string;
  dark?: string;
  backgroundLight?: string;
  backgroundDark?: string;
  theme?: string;
}

const hexOrThrow = (text: string): Rgb => {
  const rgb = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text)
    ? parseHex(text.startsWith('#') ? text : `#${text}`)
    : undefined;
  if (!rgb) throw new TypeError(`Expected a valid hex string, got ${text}`);
  return rgb;
};

/**
 * The backgrounds a site's colours are checked against: `background.color`, else the theme's
 * default (white; near-black #09090b with 2% of `colors.light`; the linden theme tints both with 3%
 * of its colour). Undefined where the platform's own reading fails (a colour it blends is no hex
 * code: `mint a11y` stops there).
 */
export function backgroundsOf(settings: ColorSettings): Backgrounds | undefined {
  try {
    const primary = settings.primary || '#16A34A';
    const light = settings.light ?? '#4ADE80';
    let lightBackground = settings.backgroundLight;
    let darkBackground = settings.backgroundDark;
    let lightFrom = 'background.color.light';
    let darkFrom = 'background.color.dark';
    if (settings.theme === 'linden') {
      if (!lightBackground) {
        lightBackground = toHex(blend(hexOrThrow('#FFFFFF'), hexOrThrow(primary), 0.03));
        lightFrom = "the linden theme's, white tinted with colors.primary";
      }
      if (!darkBackground) {
        darkBackground = toHex(blend(hexOrThrow('#09090B'), hexOrThrow(light), 0.03));
        darkFrom = "the linden theme's, #09090b tinted with colors.light";
      }
    }
    if (lightBackground === undefined) {
      lightBackground = '#ffffff';
      lightFrom = 'the default';
    }
    if (!darkBackground) {
      darkBackground = toHex(blend(hexOrThrow('#09090b'), hexOrThrow(light), 0.02));
      darkFrom = 'the default, #09090b tinted with colors.light';
    }
    return { light: lightBackground, dark: darkBackground, lightFrom, darkFrom };
  } catch {
    return undefined;
  }
}

/** One contrast the platform checks: a colour of docs.json against a background, and its verdict. */
export interface ContrastCheck {
  /** The colour's string in docs.json (or a `$ref` file). */
  node: JScalar;
  /** What the colour is: `colors.primary`, `anchor "Blog"'s color.light`. */
  label: string;
  /** Where the platform uses it, in words. */
  usage: string;
  mode: 'light' | 'dark';
  background: string;
  backgroundFrom: string;
  ratio: number;
  /** The ratio it must reach: 4.5 (text, AA; 7 for AAA, which the platform asks as a warning) or 3 (controls). */
  threshold: 4.5 | 3;
  verdict: 'pass' | 'warning' | 'fail';
  /** Which of `colors` it is: a change of it may change a background too. */
  setting?: 'primary' | 'light' | 'dark';
}

/** The checks of a site, with the values they were made from. */
export interface SiteContrast {
  checks: ContrastCheck[];
  settings: ColorSettings;
}

interface ColorValue {
  node: JScalar;
  text: string;
}

const stringAt = (node: JNode | undefined): ColorValue | undefined =>
  node?.type === 'string' ? { node, text: node.value as string } : undefined;

/** The checks of `mint a11y`, in its order, over docs.json's tree (`$ref`s followed); none when it has no `colors`. */
export function contrastChecks(docs: JNode | undefined): SiteContrast {
  const colors = member(docs, 'colors');
  if (colors?.type !== 'object') return { checks: [], settings: {} };
  const color = (key: string) => stringAt(member(colors, key));
  const backgroundColor = member(member(docs, 'background'), 'color');
  const primary = color('primary');
  const light = color('light');
  const dark = color('dark');
  const settings: ColorSettings = {
    primary: primary?.text,
    light: light?.text,
    dark: dark?.text,
    backgroundLight: stringAt(member(backgroundColor, 'light'))?.text,
    backgroundDark: stringAt(member(backgroundColor, 'dark'))?.text,
    theme: stringAt(member(docs, 'theme'))?.text,
  };
  const backgrounds = backgroundsOf(settings);
  if (!backgrounds) return { checks: [], settings };
  const checks: ContrastCheck[] = [];
  const add = (
    value: ColorValue | undefined,
    mode: 'light' | 'dark',
    threshold: 4.5 | 3,
    label: string,
    usage: string,
    setting?: ContrastCheck['setting'],
  ) => {
    if (!value?.text) return; // the platform checks a colour that is set, and not empty
    const found = verdictOf(value.text, backgrounds[mode], threshold);
    if (found)
      checks.push({
        node: value.node,
        label,
        usage,
        mode,
        background: backgrounds[mode],
        backgroundFrom: mode === 'light' ? backgrounds.lightFrom : backgrounds.darkFrom,
        ...found,
        threshold,
        ...(setting ? { setting } : {}),
      });
  };
  const emphasis = 'links, the active page in the navigation and other emphasis';
  add(primary, 'light', 4.5, 'colors.primary', `${emphasis}, in light mode`, 'primary');
  add(light, 'dark', 4.5, 'colors.light', `${emphasis}, in dark mode`, 'light');
  add(dark, 'dark', 3, 'colors.dark', 'buttons and hover states, in both modes', 'dark');
  add(dark, 'light', 3, 'colors.dark', 'buttons and hover states, in both modes', 'dark');
  const anchors = member(member(member(docs, 'navigation'), 'global'), 'anchors');
  for (const anchor of anchors?.type === 'array' ? anchors.items : []) {
    const anchorColor = member(anchor, 'color');
    if (!anchorColor) continue;
    const name = stringAt(member(anchor, 'anchor'))?.text;
    const label = name === undefined ? 'a global anchor' : `anchor ${JSON.stringify(name)}`;
    for (const mode of ['light', 'dark'] as const)
      add(
        stringAt(member(anchorColor, mode)),
        mode,
        4.5,
        `${label}'s color.${mode}`,
        `that anchor in the navigation, in ${mode} mode`,
      );
  }
  return { checks, settings };
}

/** checkColorContrast's verdict: at 4.5, a warning below AAA's 7; at 3, pass or fail. Undefined when either colour is unreadable. */
function verdictOf(
  foreground: string,
  background: string,
  threshold: 4.5 | 3,
): { ratio: number; verdict: ContrastCheck['verdict'] } | undefined {
  const fg = parseHex(foreground);
  const bg = parseHex(background);
  if (!fg || !bg) return undefined;
  const ratio = contrastRatio(fg, bg);
  if (threshold === 3) return { ratio, verdict: ratio >= 3 ? 'pass' : 'fail' };
  return { ratio, verdict: ratio >= 7 ? 'pass' : ratio >= 4.5 ? 'warning' : 'fail' };
}

function toHsl({ r, g, b }: Rgb): [number, number, number] {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue =
    max === red
      ? (green - blue) / delta + (green < blue ? 6 : 0)
      : max === green
        ? (blue - red) / delta + 2
        : (red - green) / delta + 4;
  return [hue / 6, saturation, lightness];
}

function fromHsl(hue: number, saturation: number, lightness: number): Rgb {
  if (saturation === 0) {
    const grey = Math.round(lightness * 255);
    return { r: grey, g: grey, b: grey };
  }
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const at = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const value = at < 1 / 6 ? p + (q - p) * 6 * at : at < 1 / 2 ? q : at < 2 / 3 ? p + (q - p) * (2 / 3 - at) * 6 : p;
    return Math.round(value * 255);
  };
  return { r: channel(hue + 1 / 3), g: channel(hue), b: channel(hue - 1 / 3) };
}

/**
 * The colour of the same hue and saturation as a check's, lightness the nearest to its, that passes
 * every check of that value (at AAA's 7 for a check the platform warns of), with the backgrounds the
 * site then has; undefined when no lightness does. Written as the colour is (upper or lower case),
 * with six digits, and with its ratio in the check.
 */
export function nearestPassing(check: ContrastCheck, site: SiteContrast): { color: string; ratio: number } | undefined {
  const rgb = parseHex(check.node.value as string);
  if (!rgb) return undefined;
  const same = site.checks.filter((other) => other.node === check.node);
  const required = (other: ContrastCheck) => (other === check && check.verdict === 'warning' ? 7 : other.threshold);
  const unchanged = backgroundsOf(site.settings);
  const passes = (candidate: Rgb): number | undefined => {
    const backgrounds = check.setting
      ? backgroundsOf({ ...site.settings, [check.setting]: toHex(candidate) })
      : unchanged;
    if (!backgrounds) return undefined;
    let own: number | undefined;
    for (const other of same) {
      const background = parseHex(backgrounds[other.mode]);
      const ratio = background ? contrastRatio(candidate, background) : 0;
      if (ratio < required(other)) return undefined;
      if (other === check) own = ratio;
    }
    return own;
  };
  const [hue, saturation, lightness] = toHsl(rgb);
  const steps = 1000;
  const start = Math.round(lightness * steps);
  for (let distance = 1; distance <= steps; distance++) {
    for (const step of [start - distance, start + distance]) {
      if (step < 0 || step > steps) continue;
      const candidate = fromHsl(hue, saturation, step / steps);
      const ratio = passes(candidate);
      if (ratio === undefined) continue;
      const hex = toHex(candidate);
      return { color: /[A-F]/.test(check.node.value as string) ? hex.toUpperCase() : hex, ratio };
    }
  }
  return undefined;
}
