// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render.tsx';
import { NYC_BOUNDS } from '../viewport.ts';
import type { MapFrame } from './map-frame.ts';
import { SvgMapSurface } from './svg-map-surface.tsx';

describe('SvgMapSurface', () => {
  beforeEach(() => {
    // happy-dom lays nothing out: give every box 400 × 300.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 300 }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws the five boroughs, fits the city, and zooms with its controls', async () => {
    const frames: MapFrame[] = [];
    const onUserMove = vi.fn();
    let zoomIn = () => {};
    const { container } = await render(
      <SvgMapSurface
        initialBounds={null}
        label="Map of the results"
        onUserMove={onUserMove}
        overlay={(frame, controls) => {
          frames.push(frame);
          zoomIn = controls.zoomIn;
          return <p data-testid="overlay">{Math.round(frame.zoom)}</p>;
        }}
      />,
    );
    const region = container.querySelector('section');
    expect(region?.getAttribute('aria-label')).toBe('Map of the results');
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect(container.querySelectorAll('svg path')).toHaveLength(5);
    const first = frames.at(-1);
    if (!first) throw new Error('no frame drawn');
    const [south, west, north, east] = first.bounds;
    expect(south).toBeLessThanOrEqual(NYC_BOUNDS[0]);
    expect(west).toBeLessThanOrEqual(NYC_BOUNDS[1]);
    expect(north).toBeGreaterThanOrEqual(NYC_BOUNDS[2]);
    expect(east).toBeGreaterThanOrEqual(NYC_BOUNDS[3]);
    expect(onUserMove).not.toHaveBeenCalled(); // the first fit is not the user's move

    await act(async () => zoomIn());
    const zoomed = frames.at(-1);
    expect(zoomed?.zoom).toBeCloseTo(first.zoom + 1, 6);
    expect(onUserMove).toHaveBeenCalledTimes(1);
    expect(container.querySelector('g')?.getAttribute('transform')).toMatch(/scale\(2\)$/);
  });

  it('opens on the bounds it is given', async () => {
    const frames: MapFrame[] = [];
    const bounds: [number, number, number, number] = [40.7, -74.0, 40.72, -73.97];
    await render(
      <SvgMapSurface
        initialBounds={bounds}
        label="Map"
        overlay={(frame) => {
          frames.push(frame);
          return null;
        }}
      />,
    );
    const [south, west, north, east] = frames.at(-1)?.bounds ?? [];
    expect(south).toBeLessThanOrEqual(bounds[0] + 1e-9);
    expect(west).toBeLessThanOrEqual(bounds[1] + 1e-9);
    expect(north).toBeGreaterThanOrEqual(bounds[2] - 1e-9);
    expect(east).toBeGreaterThanOrEqual(bounds[3] - 1e-9);
    expect((north ?? 0) - (south ?? 0)).toBeLessThan(0.1);
  });
});
