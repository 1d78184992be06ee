/** The allow-list sanitizer applied to enquiry HTML before it is stored or mailed. */
import { describe, expect, it } from 'vitest';
import { buildFormString } from '@shared/form-string';
import { emptyAnswers } from '@shared/forms/form-definition';
import { portfolioEnquiryForm } from '@shared/forms/portfolio-enquiry';
import { hasVisibleText, sanitizeFormHtml } from '@server/services/sanitize';

describe('sanitizeFormHtml', () => {
  it('keeps what buildFormString writes, line breaks as <br />', () => {
    const html = buildFormString(portfolioEnquiryForm, {
      ...emptyAnswers(portfolioEnquiryForm),
      firstName: `O'Neil <script>`,
      assetClasses: ['Equities (Stocks)', 'Options'],
      specificRequirements: 'Line 1\nLine 2 & more',
    });
    expect(sanitizeFormHtml(html)).toBe(html.replaceAll('<br>', '<br />').replaceAll('&#39;', "'"));
  });

  it('keeps the allowed tags without any attribute', () => {
    expect(
      sanitizeFormHtml(
        '<p class="x" id="y"><b title="t">b</b><i>i</i><em>e</em><strong>s</strong></p><ol start="3"><li value="9">a</li></ol><ul><li>u</li></ul>',
      ),
    ).toBe('<p><b>b</b><i>i</i><em>e</em><strong>s</strong></p><ol><li>a</li></ol><ul><li>u</li></ul>');
  });

  it('drops scripts, styles and embedded content with their content, and other tags but their text', () => {
    expect(
      sanitizeFormHtml(
        '<script>alert(1)</script><style>*{}</style><noscript>n</noscript><template><p>t</p></template><textarea>x</textarea>',
      ),
    ).toBe('');
    expect(sanitizeFormHtml('<div><span>kept</span> <a href="javascript:alert(1)">text</a> <h1>here</h1></div>')).toBe(
      'kept text here',
    );
    expect(
      sanitizeFormHtml(
        '<img src=x onerror=alert(1)><svg onload=alert(1)></svg><iframe srcdoc="<script>alert(1)</script>"></iframe>',
      ),
    ).toBe('');
  });

  it('does not let split or encoded markup through as markup', () => {
    const html = sanitizeFormHtml(
      '<scr<script>x</script>ipt>alert(1)</script> &lt;script&gt;alert(2)&lt;/script&gt; <p onmouseover="alert(3)">p</p>',
    );
    expect(html).not.toMatch(/<script|<\/script|onmouseover/i);
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });
});

describe('hasVisibleText', () => {
  it('is true only when some text remains', () => {
    expect(hasVisibleText('<p><strong>Name</strong><br />Not provided</p>')).toBe(true);
    expect(hasVisibleText('<p> </p><br /><ul><li>&nbsp;</li></ul>')).toBe(false);
    expect(hasVisibleText('')).toBe(false);
  });
});
