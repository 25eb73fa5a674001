import { describe, expect, it } from 'vitest';
import { purgeCss, purgeCssPlugin, selectorUsed, usageFromTexts } from './vite-purge-css';

const usage = usageFromTexts([
  `<span className="p-status-label--positive p-chip">`,
  'const label = `p-button--${appearance}`;',
  '.app-nav { color: red; }',
]);

describe('purging unused Vanilla CSS', () => {
  it('keeps classes the sources name, and those a literal prefix builds at run time', () => {
    expect(selectorUsed('.p-status-label--positive', usage)).toBe(true);
    expect(selectorUsed('.p-button--negative:hover', usage)).toBe(true);
    expect(selectorUsed('.p-chip .p-chip__value', usage)).toBe(false);
    expect(selectorUsed('.p-status-label--caution', usage)).toBe(false);
  });

  it('never drops a class that is not Vanilla, nor for a class inside :not() or :is()', () => {
    expect(selectorUsed('.xterm-viewport', usage)).toBe(true);
    expect(selectorUsed('button:not(.p-tooltip)', usage)).toBe(true);
    expect(selectorUsed(':is(.p-unused, .p-chip)', usage)).toBe(true);
  });

  it('removes whole rules, single selectors of a list, and emptied media queries', () => {
    const css = [
      '.p-chip,.p-unused{color:red}',
      '.p-unused{color:blue}',
      '@media (min-width: 10px){.p-unused{color:green}}',
      '@media print{.p-chip{color:black}}',
      '@keyframes spin{from{opacity:0}to{opacity:1}}',
      'body{margin:0}',
    ].join('\n');
    const out = purgeCss(css, usage);
    expect(out).toContain('.p-chip{color:red}');
    expect(out).not.toContain('p-unused');
    expect(out).not.toContain('min-width');
    expect(out).toContain('@media print{.p-chip{color:black}}');
    expect(out).toContain('@keyframes spin');
    expect(out).toContain('body{margin:0}');
  });

  it("leaves another library's stylesheet whole (uPlot's u-over is not a Vanilla utility)", () => {
    const plugin = purgeCssPlugin(process.cwd());
    const hooks = plugin as unknown as {
      buildStart: () => void;
      transform: (code: string, id: string) => { code: string } | null;
    };
    hooks.buildStart();
    const css = '.u-over,.u-under{position:absolute}.p-never-used-anywhere{color:red}';
    expect(hooks.transform(css, '/x/node_modules/uplot/dist/uPlot.min.css')).toBeNull();
    expect(hooks.transform(css, '/x/src/shared/metrics/metrics.scss')?.code).not.toContain(
      'p-never-used-anywhere',
    );
  });
});
