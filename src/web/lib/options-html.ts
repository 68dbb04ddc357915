/*
 * The `<option>`s of a long fixed list as one HTML string, for `dangerouslySetInnerHTML`. The
 * browser's parser makes them in one step; made one by one they were most of the availability
 * editor's first render: 20 time selects of 96 steps and 418 time zones, 2,340 elements
 * (decision 065). Every value and label is escaped, so the list may hold any text.
 */
import { escapeHtml } from '../../shared/html.ts';

export type OptionItem = { value: string; label?: string };

export function optionsHtml(options: readonly OptionItem[]): string {
  return options
    .map(({ value, label }) =>
      label === undefined
        ? `<option value="${escapeHtml(value)}"></option>`
        : `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`,
    )
    .join('');
}
