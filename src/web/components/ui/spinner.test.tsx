// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '../../testing/render.tsx';
import { Spinner, type SpinnerColor, type SpinnerSize } from './spinner.tsx';

describe('Spinner', () => {
  it.each([
    ['sm', 'size-4'],
    ['md', 'size-8'],
    ['lg', 'size-12'],
  ] as Array<[SpinnerSize, string]>)('renders size %s', async (size, cls) => {
    const { container } = await render(<Spinner size={size} />);
    const ring = container.querySelector('[data-size]');
    expect(ring?.getAttribute('data-size')).toBe(size);
    expect(ring?.className).toContain(cls);
  });

  it.each(['teal', 'white', 'gray'] as SpinnerColor[])('renders colour %s', async (color) => {
    const { container } = await render(<Spinner color={color} />);
    expect(container.querySelector('[data-color]')?.getAttribute('data-color')).toBe(color);
  });

  it('is decorative without a label and a status with one', async () => {
    const plain = await render(<Spinner />);
    expect(plain.container.querySelector('[role="status"]')).toBeNull();
    const labelled = await render(<Spinner label="Loading..." />);
    expect(labelled.container.querySelector('[role="status"]')?.textContent).toBe('Loading...');
  });
});
