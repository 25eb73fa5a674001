/**
 * Text contrast measured in the page (WCAG 2.x relative luminance) from the computed colours:
 * the element's `color` over the first ancestor background that is not transparent, with
 * translucent layers composited on the way down. axe skips text whose background it cannot
 * resolve; this does not, so a state axe does not see (hover, an open group) can be asserted.
 */
import type { Locator } from '@playwright/test';

export interface Contrast {
  ratio: number;
  color: string;
  background: string;
}

export async function textContrast(target: Locator): Promise<Contrast> {
  return target.evaluate((element) => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const parts = value.match(/[\d.]+/g)?.map(Number) ?? [];
      const [r = 0, g = 0, b = 0, a = 1] = parts;
      return [r, g, b, value.startsWith('rgba') ? a : 1];
    };
    // Over `under` (opaque), lay `over` with its alpha.
    const over = (top: Rgba, under: Rgba): Rgba => [
      top[0] * top[3] + under[0] * (1 - top[3]),
      top[1] * top[3] + under[1] * (1 - top[3]),
      top[2] * top[3] + under[2] * (1 - top[3]),
      1,
    ];
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const layer = parse(getComputedStyle(node).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] === 1) break;
    }
    let background: Rgba = [255, 255, 255, 1];
    for (const layer of layers.reverse()) background = over(layer, background);
    const color = over(parse(getComputedStyle(element).color), background);
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a) as [
      number,
      number,
    ];
    const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
    return {
      ratio: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100,
      color: css(color),
      background: css(background),
    };
  });
}
