import { describe, expect, it } from 'vitest';
import { escapeHtml } from './text.js';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes, nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Ș & ț</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Ș &amp; ț&lt;/a&gt;',
    );
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
