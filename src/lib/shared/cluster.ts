/**
 * Grid clustering for the map: markers whose screen positions fall in the same square cell are shown
 * as one numbered marker. Pure and tiny; leaflet.markercluster's last release was in 2021.
 */
export interface Pixel {
  x: number;
  y: number;
}

export interface Cluster<T> {
  items: T[];
  /** Mean position of the items, in the same pixel space. */
  x: number;
  y: number;
}

export function gridCluster<T extends Pixel>(items: T[], cellPx: number): Cluster<T>[] {
  const cells = new Map<string, T[]>();
  for (const item of items) {
    const key = `${Math.floor(item.x / cellPx)}:${Math.floor(item.y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) cell.push(item);
    else cells.set(key, [item]);
  }
  return [...cells.values()].map((group) => ({
    items: group,
    x: group.reduce((s, i) => s + i.x, 0) / group.length,
    y: group.reduce((s, i) => s + i.y, 0) / group.length,
  }));
}
