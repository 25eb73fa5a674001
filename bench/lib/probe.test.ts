import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { probeExpr, probeSource } from './probe';

describe('probeSource', () => {
  it('is a self-contained script', () => {
    const source = probeSource({
      namePattern: '^inst-\\d+',
      replacePath: '/ui/project/p/instances',
    });
    expect(() => new Script(source)).not.toThrow();
    expect(source).toContain('"replacePath":"/ui/project/p/instances"');
    expect(source).toContain('"statusWords":["Running","Stopped"');
  });
  it('quotes what it puts into page expressions', () => {
    expect(probeExpr.armFilter("1'0")).toBe(`window.__bench.armFilter("1'0")`);
  });
});
