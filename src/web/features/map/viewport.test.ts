import { describe, expect, it } from 'vitest';
import {
  cameraBounds,
  extentOf,
  fitCamera,
  MAX_ZOOM,
  MIN_ZOOM,
  NYC_BOUNDS,
  panBy,
  project,
  resizeCamera,
  unproject,
  webZoom,
  zoomAround,
} from './viewport.ts';

const close = (a: number, b: number, digits = 6) => expect(a).toBeCloseTo(b, digits);

describe('the map camera', () => {
  const whole = fitCamera(800, 600);

  it('shows the whole city at first, inside the box', () => {
    const [south, west, north, east] = cameraBounds(whole);
    expect(south).toBeLessThanOrEqual(NYC_BOUNDS[0]);
    expect(west).toBeLessThanOrEqual(NYC_BOUNDS[1]);
    expect(north).toBeGreaterThanOrEqual(NYC_BOUNDS[2]);
    expect(east).toBeGreaterThanOrEqual(NYC_BOUNDS[3]);
    const [x, y] = project(whole, [-73.9857, 40.7484]); // the Empire State Building
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(800);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(600);
  });

  it('projects and unprojects as inverses, also zoomed and panned', () => {
    const camera = panBy(zoomAround(whole, 5, [300, 200]), 40, -25);
    const place: [number, number] = [-73.9571, 40.7081];
    const [lng, lat] = unproject(camera, project(camera, place));
    close(lng, place[0]);
    close(lat, place[1]);
  });

  it('keeps north up: bounds are the corners, west < east and south < north', () => {
    const camera = zoomAround(whole, 4);
    const [south, west, north, east] = cameraBounds(camera);
    expect(south).toBeLessThan(north);
    expect(west).toBeLessThan(east);
    const [lngTL, latTL] = unproject(camera, [0, 0]);
    close(lngTL, west);
    close(latTL, north);
  });

  it('zooms around the pointer: the place under it stays put', () => {
    const at: [number, number] = [500, 150];
    const before = unproject(whole, at);
    const zoomed = zoomAround(whole, 3, at);
    const [x, y] = project(zoomed, before);
    close(x, at[0], 3);
    close(y, at[1], 3);
    expect(webZoom(zoomed) - webZoom(whole)).toBeCloseTo(Math.log2(3), 6);
  });

  it('clamps the zoom and keeps the centre over the city', () => {
    expect(zoomAround(whole, 1e6).k).toBe(MAX_ZOOM);
    expect(zoomAround(whole, 1e-6).k).toBe(MIN_ZOOM);
    const far = panBy(zoomAround(whole, 8), 1e6, 1e6);
    const [lng, lat] = unproject(far, [400, 300]);
    expect(lng).toBeGreaterThanOrEqual(NYC_BOUNDS[1] - 1e-9);
    expect(lat).toBeLessThanOrEqual(NYC_BOUNDS[2] + 1e-9);
  });

  it('fits a bounds box: it is all visible and fills one side', () => {
    const bounds: [number, number, number, number] = [40.7, -74.02, 40.74, -73.97];
    const camera = fitCamera(800, 600, bounds);
    const [south, west, north, east] = cameraBounds(camera);
    expect(south).toBeLessThanOrEqual(bounds[0] + 1e-9);
    expect(west).toBeLessThanOrEqual(bounds[1] + 1e-9);
    expect(north).toBeGreaterThanOrEqual(bounds[2] - 1e-9);
    expect(east).toBeGreaterThanOrEqual(bounds[3] - 1e-9);
    const fillsWidth = Math.abs(west - bounds[1]) < 1e-6 && Math.abs(east - bounds[3]) < 1e-6;
    const fillsHeight = Math.abs(south - bounds[0]) < 1e-6 && Math.abs(north - bounds[2]) < 1e-6;
    expect(fillsWidth || fillsHeight).toBe(true);
  });

  it('keeps the centre and zoom factor when the box is resized', () => {
    const camera = zoomAround(whole, 4, [200, 200]);
    const centre = unproject(camera, [400, 300]);
    const resized = resizeCamera(camera, 375, 500);
    const [lng, lat] = unproject(resized, [187.5, 250]);
    close(lng, centre[0]);
    close(lat, centre[1]);
    expect(resized.k).toBe(camera.k);
  });
});

describe('the extent of a search', () => {
  it('boxes the places with a margin, at least about a kilometre across', () => {
    expect(extentOf([])).toBeNull();
    const [south, west, north, east] = extentOf([
      { lat: 40.7, lng: -74 },
      { lat: 40.8, lng: -73.9 },
    ]) ?? [0, 0, 0, 0];
    expect(south).toBeCloseTo(40.685, 6);
    expect(north).toBeCloseTo(40.815, 6);
    expect(west).toBeCloseTo(-74.015, 6);
    expect(east).toBeCloseTo(-73.885, 6);
    const one = extentOf([{ lat: 40.7, lng: -74 }]) ?? [0, 0, 0, 0];
    expect(one[2] - one[0]).toBeCloseTo(0.01, 6);
    expect(one[3] - one[1]).toBeCloseTo(0.012, 6);
  });
});
