// The boxes the heavy drawings take, shared with their lazy placeholders (widgets/lazy.tsx), so
// the space is the same before the code arrives, while it draws, and after.

/** Default pixel height of the time chart. */
export const CHART_HEIGHT = 260;

/** The world map's 4:3 drawing holds land only from ~6% (north Greenland) to ~70% (Tierra del
 * Fuego) of its width down: the box shows that band, not the empty sea around it. */
export const MAP_TOP = 0.055;
export const MAP_BOTTOM = 0.705;
export const MAP_ASPECT = `1 / ${MAP_BOTTOM - MAP_TOP}`;
