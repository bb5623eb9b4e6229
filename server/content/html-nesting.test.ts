import { htmlNestingProblems } from './html-nesting';

describe('htmlNestingProblems', () => {
  it('accepts well-formed pages, void elements, comments and raw text', () => {
    const page = '<!doctype html><html><head><title>a < b</title><script type="application/ld+json">{"x":"</p><p>"}</script></head><body><!-- <p> --><p>One <a href="/x">link</a><br><img src="a.svg" alt=""></p><ul><li>Item</li></ul></body></html>';
    expect(htmlNestingProblems(page)).toEqual([]);
  });

  it('names a block inside a paragraph, a link inside a link and tags closed out of turn', () => {
    expect(htmlNestingProblems('<div><p>Intro <ul><li>x</li></ul></p></div>')).toContain('<ul> inside a paragraph');
    expect(htmlNestingProblems('<p><a href="/a">one <a href="/b">two</a></a></p>')).toContain('a link inside a link');
    expect(htmlNestingProblems('<div><span></div></span>')[0]).toMatch(/<\/div> closes an element that is not open/);
    expect(htmlNestingProblems('<div><p>open')).toEqual(['<p> is never closed']);
  });
});
