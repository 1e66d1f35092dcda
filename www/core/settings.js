// Page-wide settings, kept in localStorage (keys `clearboard.palette` and
// `clearboard.motion`, see storage.js): the colours of balls, blocks and
// tiles, and whether boards animate. Every game reads them when it draws or
// animates; the header's two selects (Palette, Motion) change them.
import { load, save } from './storage.js';

/**
 * The palettes, each with colours for every game (Same Game's 9 ball
 * colours, the Mayan puzzle's 10 block colours, 连连看's 12 tile colours).
 * Okabe–Ito is told apart with most kinds of colour vision; Vivid trades
 * that for stronger contrast between neighbours (letters on the pieces keep
 * every colour readable in both).
 */
export const PALETTES = {
  'okabe-ito': {
    label: 'Okabe–Ito (colour-blind safe)',
    /** Shown in the closed list on a phone (upright, where the header's row has room for about six letters, or sideways). */
    short: 'Okabe–Ito',
    samegame: ['#d55e00', '#009e73', '#0072b2', '#f0e442', '#9b59b6', '#e69f00', '#56b4e9', '#cc79a7', '#f2f2f2'],
    mayan: ['#d55e00', '#009e73', '#0072b2', '#f0e442', '#cc79a7', '#56b4e9', '#e69f00', '#8c564b', '#9b59b6', '#bdbdbd'],
    lianliankan: ['#d55e00', '#009e73', '#0072b2', '#e69f00', '#cc79a7', '#56b4e9', '#8c564b', '#9b59b6', '#2e7d32', '#c62828', '#455a64', '#b8860b'],
    /** What Same Game's colours (letters R G B Y V O C P W) look like here. */
    samegameNames: ['vermilion', 'green', 'blue', 'yellow', 'purple', 'orange', 'sky blue', 'pink', 'white'],
    /** What 连连看's twelve tile colours look like here (said with each tile's letter and shape). */
    lianliankanNames: ['vermilion', 'bluish green', 'blue', 'orange', 'pink', 'sky blue', 'brown', 'purple', 'dark green', 'dark red', 'slate grey', 'ochre'],
  },
  vivid: {
    label: 'Vivid (high contrast)',
    short: 'Vivid',
    samegame: ['#e6194b', '#3cb44b', '#4363d8', '#ffe119', '#911eb4', '#f58231', '#42d4f4', '#f032e6', '#ffffff'],
    mayan: ['#e6194b', '#3cb44b', '#4363d8', '#ffe119', '#f032e6', '#42d4f4', '#f58231', '#9a6324', '#911eb4', '#a9a9a9'],
    lianliankan: ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#f032e6', '#42d4f4', '#9a6324', '#911eb4', '#808000', '#800000', '#000075', '#469990'],
    samegameNames: ['red', 'green', 'blue', 'yellow', 'purple', 'orange', 'cyan', 'magenta', 'white'],
    lianliankanNames: ['red', 'green', 'blue', 'orange', 'magenta', 'cyan', 'brown', 'purple', 'olive', 'maroon', 'navy', 'teal'],
  },
};

/** The motion choices: follow the system's setting, or override it. */
export const MOTIONS = {
  system: 'As the system asks',
  reduce: 'Reduced (no animation)',
  full: 'Full',
};

/** The motion choices as a phone shows them, upright or sideways (PALETTES' `short`). */
export const MOTIONS_SHORT = { system: 'System', reduce: 'Reduced', full: 'Full' };

const known = (table, value, fallback) => (Object.hasOwn(table, value) ? value : fallback);

let palette = known(PALETTES, load('palette', 'okabe-ito'), 'okabe-ito');
let motion = known(MOTIONS, load('motion', 'system'), 'system');

/** The chosen palette's name. */
export function paletteName() {
  return palette;
}

/** The chosen palette's colours for `game` ('samegame', 'mayan', 'lianliankan'). */
export function colors(game) {
  return PALETTES[palette][game];
}

/** The names of Same Game's colours as the chosen palette draws them. */
export function samegameColorNames() {
  return PALETTES[palette].samegameNames;
}

/** The names of 连连看's tile colours as the chosen palette draws them. */
export function lianliankanColorNames() {
  return PALETTES[palette].lianliankanNames;
}

/** Chooses a palette (an unknown name is ignored); kept in storage. */
export function setPalette(name) {
  palette = known(PALETTES, name, palette);
  save('palette', palette);
}

/** The chosen motion setting: 'system', 'reduce' or 'full'. */
export function motionSetting() {
  return motion;
}

/** Chooses the motion setting (an unknown value is ignored); kept in storage. */
export function setMotion(value) {
  motion = known(MOTIONS, value, motion);
  save('motion', motion);
}

/**
 * Whether a label on a piece of colour `hex` (#rrggbb) should be dark: its
 * relative luminance (WCAG) above 0.3.
 */
export function darkText(hex) {
  const lin = (i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5) > 0.3;
}
