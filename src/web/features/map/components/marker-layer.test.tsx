// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render.tsx';
import type { Marker } from '../clusters.ts';
import type { MapControls, MapFrame } from './map-frame.ts';
import { mapKeyDown } from './map-region.tsx';
import { MarkerLayer } from './marker-layer.tsx';

/** A flat 1° = 1000 px frame: easy positions to check. */
const frame: MapFrame = {
  width: 400,
  height: 300,
  project: ([lng, lat]) => [(lng + 74) * 1000, (40.8 - lat) * 1000],
  unproject: ([x, y]) => [x / 1000 - 74, 40.8 - y / 1000],
  bounds: [40.5, -74, 40.8, -73.6],
  zoom: 11,
};

const controls = (): MapControls => ({
  zoomIn: vi.fn(),
  zoomOut: vi.fn(),
  panBy: vi.fn(),
  zoomInto: vi.fn(),
});

const markers: Marker[] = [
  {
    kind: 'pin',
    key: 'a',
    lng: -73.9,
    lat: 40.7,
    pin: {
      id: 'a',
      lat: 40.7,
      lng: -73.9,
      rentCents: 320_000,
      bedrooms: 2,
      neighborhood: 'williamsburg',
    },
  },
  {
    kind: 'cluster',
    key: 'c1',
    lng: -73.8,
    lat: 40.75,
    count: 12,
    ids: ['b', 'c'],
    expansionZoom: 14,
  },
  // Far outside the frame: not drawn.
  {
    kind: 'pin',
    key: 'z',
    lng: -72,
    lat: 41.5,
    pin: { id: 'z', lat: 41.5, lng: -72, rentCents: 100_000 },
  },
];

describe('MarkerLayer', () => {
  it('draws pins with their rent and clusters with their count, as named buttons', async () => {
    const { container } = await render(
      <MarkerLayer
        frame={frame}
        controls={controls()}
        markers={markers}
        highlightedId={null}
        selectedId={null}
        onHighlight={() => {}}
        onSelect={() => {}}
      />,
    );
    const buttons = [...container.querySelectorAll('button')];
    expect(buttons.map((b) => [b.getAttribute('aria-label'), b.textContent])).toEqual([
      ['$3,200, 2 bd in Williamsburg', '$3,200'],
      ['12 apartments here, zoom in', '12'],
    ]);
    const pinItem = buttons[0]?.parentElement;
    expect(pinItem?.style.transform).toBe('translate(100px, 100px)');
  });

  it('lights the pin or the cluster holding the highlighted listing', async () => {
    const props = {
      frame,
      controls: controls(),
      markers,
      selectedId: null,
      onHighlight: () => {},
      onSelect: () => {},
    };
    const { container, rerender } = await render(<MarkerLayer {...props} highlightedId="a" />);
    const lit = () =>
      [...container.querySelectorAll('[data-highlighted]')].map((b) => b.textContent);
    expect(lit()).toEqual(['$3,200']);
    await rerender(<MarkerLayer {...props} highlightedId="c" />);
    expect(lit()).toEqual(['12']);
    await rerender(<MarkerLayer {...props} highlightedId={null} />);
    expect(lit()).toEqual([]);
  });

  it('reports hover and focus, opens a pin, zooms into a cluster', async () => {
    const onHighlight = vi.fn();
    const onSelect = vi.fn();
    const moves = controls();
    const { container } = await render(
      <MarkerLayer
        frame={frame}
        controls={moves}
        markers={markers}
        highlightedId={null}
        selectedId={null}
        onHighlight={onHighlight}
        onSelect={onSelect}
      />,
    );
    const [pin, cluster] = [...container.querySelectorAll('button')];
    await act(async () => {
      pin?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      pin?.focus();
      pin?.click();
      cluster?.click();
    });
    expect(onHighlight).toHaveBeenCalledWith('a');
    expect(onSelect).toHaveBeenCalledWith('a');
    expect(moves.zoomInto).toHaveBeenCalledWith([-73.8, 40.75], 14);
  });
});

describe('the map keys', () => {
  it('pan with the arrows and zoom with + and −, only on the map itself', () => {
    const moves = controls();
    const region = document.createElement('section');
    const press = (key: string, target: EventTarget = region) => {
      const event = {
        key,
        target,
        currentTarget: region,
        preventDefault: vi.fn(),
      } as unknown as Parameters<typeof mapKeyDown>[0];
      mapKeyDown(event, moves);
      return event.preventDefault;
    };
    expect(press('ArrowLeft')).toHaveBeenCalled();
    press('ArrowDown');
    press('+');
    press('-');
    expect(press('a')).not.toHaveBeenCalled();
    press('ArrowUp', document.createElement('button')); // on a pin: the pin's own key
    expect(moves.panBy).toHaveBeenNthCalledWith(1, 96, 0);
    expect(moves.panBy).toHaveBeenNthCalledWith(2, 0, -96);
    expect(moves.panBy).toHaveBeenCalledTimes(2);
    expect(moves.zoomIn).toHaveBeenCalledTimes(1);
    expect(moves.zoomOut).toHaveBeenCalledTimes(1);
  });
});
