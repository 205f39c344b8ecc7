/** Background map tiles, configurable per deployment (read at run time): MAP_TILE_URL and MAP_TILE_ATTRIBUTION. */
export interface MapConfig {
  tileUrl: string;
  /** HTML (links allowed), shown in the map's corner as the tile provider requires. */
  attribution: string;
}

export function mapConfig(env: NodeJS.ProcessEnv = process.env): MapConfig {
  return {
    tileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution:
      env.MAP_TILE_ATTRIBUTION ||
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  };
}
