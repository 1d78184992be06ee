import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { safeHtml } from '@client/features/admin-inbox/lib/safe-html';

const HOSTILE = [
  '<p><strong>Name</strong><br>Asha &lt;b&gt;</p>',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '<p onclick="window.__pwned = \'click\'" style="color:red" class="x">Click <a href="javascript:window.__pwned=1">here</a></p>',
  '<svg onload="window.__pwned = \'svg\'"><circle r="1"/></svg>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<style>body{display:none}</style>',
  '<ul><li><em>one</em></li><li><i>two</i></li></ul>',
  '<div><span>kept text</span></div>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<template><img src=x onerror="window.__pwned=1"></template>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">n</p></noscript>',
].join('');

function renderHtml(html: string) {
  return render(<div>{safeHtml(html)}</div>).container.firstElementChild as HTMLElement;
}

afterEach(() => {
  cleanup();
  delete (window as { __pwned?: unknown }).__pwned;
});

describe('safeHtml (the inbox renders stored enquiry HTML through an allow-list)', () => {
  it('never creates script, img, svg, iframe, style, anchors or any attribute', async () => {
    const form = renderHtml(HOSTILE);
    expect(
      form.querySelectorAll('script, img, svg, iframe, style, a, math, template, noscript, div, span'),
    ).toHaveLength(0);
    const attributes = [...form.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
    expect(attributes).toEqual([]);
    // Give any handler that might have slipped through a chance to run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('keeps the allowed structure and the text, escaped text staying text', () => {
    const form = renderHtml(HOSTILE);
    expect(form.querySelector('p > strong')?.textContent).toBe('Name');
    expect(form.querySelectorAll('br').length).toBeGreaterThan(0);
    expect(form.textContent).toContain('Asha <b>');
    expect(form.querySelector('p strong b')).toBeNull();
    expect([...form.querySelectorAll('ul > li')].map((li) => li.innerHTML)).toEqual(['<em>one</em>', '<i>two</i>']);
    expect(form.textContent).toContain('Click here');
    expect(form.textContent).toContain('kept text');
    expect(form.textContent).not.toContain('__pwned');
    expect(form.textContent).not.toContain('display:none');
  });

  it('renders a real form string as the visitor answered it', () => {
    const form = renderHtml(
      '<p><strong>Markets</strong><br>Equities<br>Forex</p><p><strong>Comments</strong><br>Not provided</p>',
    );
    expect(form.innerHTML).toBe(
      '<p><strong>Markets</strong><br>Equities<br>Forex</p><p><strong>Comments</strong><br>Not provided</p>',
    );
  });
});
