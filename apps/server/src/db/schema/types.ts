import { customType } from 'drizzle-orm/pg-core';

/**
 * PostGIS geometry in the Romanian national grid (Stereo 70, SRID 3844). drizzle's own
 * `geometry()` is points-only and drops the SRID (notes/stack.md), so we declare the column
 * ourselves and read/write it only through SQL (`ST_AsGeoJSON(ST_Transform(geom, 4326), 6)`).
 */
export const multiPolygon3844 = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'geometry(MultiPolygon, 3844)';
  },
});

export const point3844 = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'geometry(Point, 3844)';
  },
});
