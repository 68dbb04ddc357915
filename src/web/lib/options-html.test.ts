import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../shared/html.ts';
import { optionsHtml } from './options-html.ts';

describe('optionsHtml', () => {
  it('makes one option per item, with or without a label', () => {
    expect(optionsHtml([{ value: '09:00', label: '9:00 AM' }, { value: 'Europe/Paris' }])).toBe(
      '<option value="09:00">9:00 AM</option><option value="Europe/Paris"></option>',
    );
  });

  it('escapes every value and label, so no text becomes markup', () => {
    expect(escapeHtml(`"><img src=x onerror='alert(1)'>&`)).toBe(
      '&quot;&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;',
    );
    const html = optionsHtml([{ value: '"><script>x</script>', label: '</option><b>' }]);
    expect(html).toBe(
      '<option value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">&lt;/option&gt;&lt;b&gt;</option>',
    );
  });
});
