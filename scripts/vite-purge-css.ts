/**
 * Build-time removal of Vanilla framework CSS rules the console never uses.
 *
 * Vanilla's patterns bring every variant (themes, sizes, colours) of each pattern the console
 * includes; most of them are never set on an element. A rule is dropped when every selector in it
 * names a Vanilla class (`p-…`, `u-…`, `is-…`, `has-…`, `row…`, `col-…`) that appears nowhere in the
 * console's sources. Class names built at run time are kept by their literal prefix: the source
 * `p-chip--${kind}` keeps every `p-chip--…` class. Classes of other libraries are never touched.
 *
 * It runs on each compiled stylesheet before its file name is hashed, so a change of the sources
 * that keeps a class alive also changes the CSS file's name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import postcss, { type Rule } from 'postcss';
import type { Plugin } from 'vite';

const VANILLA_CLASS = /^(p-|u-|is-|has-|row|col-)/;
const SOURCE_FILE = /\.(ts|tsx|scss|css|html)$/;
const TOKEN = /[A-Za-z0-9_-]+/g;

export interface ClassUsage {
  tokens: ReadonlySet<string>;
  /** Tokens that end in `-`: the start of a class name completed at run time. */
  prefixes: readonly string[];
}

export function usageFromTexts(texts: Iterable<string>): ClassUsage {
  const tokens = new Set<string>();
  for (const text of texts) for (const token of text.match(TOKEN) ?? []) tokens.add(token);
  const prefixes = [...tokens].filter((token) => token.endsWith('-') && token.length > 2);
  return { tokens, prefixes };
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (SOURCE_FILE.test(entry)) out.push(full);
  }
  return out;
}

export function usageFromSources(root: string): ClassUsage {
  const files = [...sourceFiles(path.join(root, 'src')), path.join(root, 'index.html')];
  return usageFromTexts(files.map((file) => readFileSync(file, 'utf8')));
}

function isUsed(name: string, usage: ClassUsage): boolean {
  if (!VANILLA_CLASS.test(name) || usage.tokens.has(name)) return true;
  return usage.prefixes.some((prefix) => name.startsWith(prefix));
}

/** Classes that must be present for the selector to match (those inside :not() need not be). */
function requiredClasses(selector: string): string[] {
  const positive = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  return [...positive.matchAll(/\.([A-Za-z0-9_-]+)/g)].map((match) => match[1] ?? '');
}

export function selectorUsed(selector: string, usage: ClassUsage): boolean {
  // :is()/:where() match when any one alternative does: keep them rather than reason about it.
  if (/:(is|where|has)\(/.test(selector)) return true;
  return requiredClasses(selector).every((name) => isUsed(name, usage));
}

export function purgeCss(css: string, usage: ClassUsage): string {
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    if (
      rule.parent?.type === 'atrule' &&
      /keyframes$/i.test((rule.parent as { name: string }).name)
    ) {
      return;
    }
    const kept = rule.selectors.filter((selector) => selectorUsed(selector, usage));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  // At-rules (media queries) left empty go too.
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

export function purgeCssPlugin(root = process.cwd()): Plugin {
  let usage: ClassUsage | undefined;
  return {
    name: 'lxd-console:purge-vanilla-css',
    apply: 'build',
    buildStart() {
      usage = usageFromSources(root);
    },
    transform(code, id) {
      if (!usage || !/\.s?css(\?|$)/.test(id) || id.includes('?inline')) return null;
      // Another library's own stylesheet (uPlot's `u-over`, `u-axis` … look like Vanilla's
      // utilities and are set at run time): Vanilla reaches the build through src/ SCSS only.
      if (id.includes('/node_modules/')) return null;
      return { code: purgeCss(code, usage), map: null };
    },
  };
}
