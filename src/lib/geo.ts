// Distances between localities of Suceava county (docs/search.md, "Distance"). Pure.
//
// Within one county an equirectangular approximation is exact enough (under 0.5% at 50 km) and needs
// only arithmetic, so SQLite evaluates it without math functions: a degree of latitude is
// KM_PER_DEG_LAT km, a degree of longitude KM_PER_DEG_LON km at the county's latitude (47.6°).

/** The radii offered ("Rădăuți + 10 km"); 0 is the locality itself. */
export const DISTANCES_KM = [0, 5, 10, 25, 50] as const;
export type DistanceKm = (typeof DISTANCES_KM)[number];

export const KM_PER_DEG_LAT = 111.2;
/** 111.32 km × cos(47.6°). */
export const KM_PER_DEG_LON = 75.06;

export interface Point {
  lat: number;
  lon: number;
}

/** Kilometres between two points of the county (the formula the SQL of db/search.ts uses). */
export function distanceKm(a: Point, b: Point): number {
  const dy = (a.lat - b.lat) * KM_PER_DEG_LAT;
  const dx = (a.lon - b.lon) * KM_PER_DEG_LON;
  return Math.sqrt(dx * dx + dy * dy);
}

export function isDistance(n: number): n is DistanceKm {
  return (DISTANCES_KM as readonly number[]).includes(n);
}
