import { describe, expect, it } from 'vitest';
import { sanitizeConsentHtml } from './consent-html';

// Issue 12: no script, event handler, javascript:/data: URL, SVG/MathML payload or style survives.
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">hi</p>',
  '<p ONMOUSEOVER=alert(1)>hi</p>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.test/x">x</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">x</math>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<h1><!--<script>-->alert(1)<!--</script>--></h1>',
  '<p>"><script>alert(1)</script></p>',
  '<a href="https://ok.test" onclick="alert(1)" style="color:red">ok</a>',
  '<xmp><script>alert(1)</script></xmp>',
  '<![CDATA[<script>alert(1)</script>]]>',
];

/** A stored consent is dangerous if it holds any tag or attribute that can run code. */
function dangerous(html: string) {
  return (
    /<\s*(script|svg|math|iframe|object|embed|style|img|form|input|meta|base|link|template|video|source|details|body|noscript|xmp)\b/i.test(
      html,
    ) ||
    /\son[a-z]+\s*=/i.test(html) ||
    /\sstyle\s*=/i.test(html) ||
    /href\s*=\s*"(?!https?:|mailto:)/i.test(html) ||
    /(javascript|vbscript|data):/i.test(
      html.replace(/&[a-z]+;|&#\w+;/gi, (e) => (e === '&lt;' || e === '&gt;' ? e : '')),
    )
  );
}

describe('consent HTML sanitiser', () => {
  it.each(CORPUS)('leaves nothing that can run from %s', (payload) => {
    const out = sanitizeConsentHtml(payload);
    expect(dangerous(out), out).toBe(false);
    // Sanitising is stable: stored text passes unchanged through a second pass (rendered sanitised again).
    expect(sanitizeConsentHtml(out)).toBe(out);
  });

  it('keeps what the editor makes: headings 1-3, paragraphs, lists, bold, italic, links, line breaks', () => {
    const html =
      '<h1>Consent</h1><h2>Purpose</h2><h3>Risks</h3><p>I <strong>agree</strong> and <b>accept</b>, <em>freely</em> <i>and</i> knowingly.<br>Line two</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://bank.test/info">info</a> <a href="mailto:dpo@bank.test">mail</a></p>';
    expect(sanitizeConsentHtml(html)).toBe(
      '<h1>Consent</h1><h2>Purpose</h2><h3>Risks</h3><p>I <strong>agree</strong> and <b>accept</b>, <em>freely</em> <i>and</i> knowingly.<br />Line two</p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://bank.test/info" target="_blank" rel="noopener noreferrer nofollow">info</a> ' +
        '<a href="mailto:dpo@bank.test" target="_blank" rel="noopener noreferrer nofollow">mail</a></p>',
    );
  });

  it('the corpus check is not vacuous: it flags the raw payloads', () => {
    expect(CORPUS.filter(dangerous).length).toBeGreaterThanOrEqual(CORPUS.length - 3);
  });

  it('drops other tags but keeps their text; forces rel and target on links', () => {
    expect(sanitizeConsentHtml('<h4>Four</h4><div><span class="x">text</span></div>')).toBe('Fourtext');
    expect(sanitizeConsentHtml('<a href="https://x.test" rel="opener" target="_self">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeConsentHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});
