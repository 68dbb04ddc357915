/** Test-only: reading and driving the DOM the way a user would (happy-dom). */

/** Sets a textarea's or input's value the way React notices (the native setter + an event). */
export function typeInto(element: HTMLTextAreaElement | HTMLInputElement, value: string) {
  const proto =
    element instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

export function pressKey(element: Element, key: string, init: KeyboardEventInit = {}) {
  element.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }),
  );
}

/** The text in `node` (the whole page by default), each run of whitespace read as one space. */
export function textOf(node: Node | null | undefined = document.body): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ');
}

export function byText(container: ParentNode, text: string | RegExp): HTMLElement | null {
  const all = container.querySelectorAll<HTMLElement>('*');
  for (const el of all) {
    if (el.children.length > 0) continue;
    const content = el.textContent ?? '';
    if (typeof text === 'string' ? content.trim() === text : text.test(content)) return el;
  }
  return null;
}

export function buttonNamed(container: ParentNode, name: string): HTMLButtonElement | null {
  for (const button of container.querySelectorAll('button')) {
    if ((button.textContent ?? '').replace(/\s+/g, ' ').trim() === name) return button;
  }
  return null;
}
