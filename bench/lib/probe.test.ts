import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PROBE_HELPERS, probeExpr, probeSource } from './probe';

interface Helpers {
  isFullListUrl: (url: string) => boolean;
  isLoadingText: (text: string | null) => boolean;
  matchesEvent: (data: unknown, name: string) => boolean;
}

const helpers = new Script(
  `(function () {${PROBE_HELPERS}; return { isFullListUrl, isLoadingText, matchesEvent }; })()`,
).runInNewContext({ URL, JSON }) as Helpers;

const lifecycle = (action: string, source: string) =>
  JSON.stringify({ type: 'lifecycle', metadata: { action, source }, project: 'bench-10' });

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

describe('probe helpers', () => {
  it('knows the full list answers (recursion 1 or 2) from the names and other calls', () => {
    const h = helpers;
    expect(h.isFullListUrl('http://h/1.0/instances?project=bench-10&recursion=1')).toBe(true);
    expect(h.isFullListUrl('http://h/1.0/instances?recursion=2&project=p')).toBe(true);
    expect(h.isFullListUrl('http://h/1.0/instances?project=bench-10&recursion=0')).toBe(false);
    expect(h.isFullListUrl('http://h/1.0/instances?project=bench-10')).toBe(false);
    expect(h.isFullListUrl('http://h/1.0/instances/inst-00001?recursion=1')).toBe(false);
    expect(h.isFullListUrl('not a url at all ::')).toBe(false);
  });
  it('sees a loading status line, not the count line', () => {
    expect(helpers.isLoadingText('Loading details of 10,000 instances…')).toBe(true);
    expect(helpers.isLoadingText('Still fetching the full list')).toBe(true);
    expect(helpers.isLoadingText('10000 instances')).toBe(false);
    expect(helpers.isLoadingText(null)).toBe(false);
  });
  it('matches the instance-updated event of that instance only', () => {
    const m = helpers.matchesEvent;
    expect(
      m(lifecycle('instance-updated', '/1.0/instances/inst-00001?project=bench-10'), 'inst-00001'),
    ).toBe(true);
    expect(m(lifecycle('instance-updated', '/1.0/instances/inst-00001'), 'inst-00001')).toBe(true);
    expect(m(lifecycle('instance-updated', '/1.0/instances/inst-000012'), 'inst-00001')).toBe(
      false,
    );
    expect(m(lifecycle('instance-started', '/1.0/instances/inst-00001'), 'inst-00001')).toBe(false);
    expect(
      m(JSON.stringify({ type: 'logging', metadata: { message: 'inst-00001' } }), 'inst-00001'),
    ).toBe(false);
    expect(m('{not json inst-00001', 'inst-00001')).toBe(false);
    expect(m(new ArrayBuffer(4), 'inst-00001')).toBe(false);
  });
  it('wraps WebSocket and keeps its constants', () => {
    class FakeSocket {
      static OPEN = 1;
      listeners: string[] = [];
      constructor(readonly url: string) {}
      addEventListener(type: string) {
        this.listeners.push(type);
      }
    }
    const window: Record<string, unknown> = { WebSocket: FakeSocket };
    window.top = window;
    const context = {
      window,
      location: { pathname: '/ui/project/p/instances' },
      performance: { now: () => 0, setResourceTimingBufferSize: () => undefined },
      requestAnimationFrame: () => 0,
      addEventListener: () => undefined,
      URL,
      JSON,
    };
    new Script(probeSource({ namePattern: '^inst-\\d+' })).runInNewContext(context);
    const Wrapped = window.WebSocket as typeof FakeSocket;
    expect(Wrapped).not.toBe(FakeSocket);
    expect(Wrapped.OPEN).toBe(1);
    const events = new Wrapped('ws://h/1.0/events?type=lifecycle');
    expect(events).toBeInstanceOf(FakeSocket);
    expect(events.listeners).toEqual(['message']);
    expect(new Wrapped('ws://h/1.0/operations/x/websocket').listeners).toEqual([]);
  });
});
