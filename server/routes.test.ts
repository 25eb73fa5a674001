import { describe, expect, it } from 'vitest';
import { classify } from './routes';

describe('classify', () => {
  it('redirects / and /ui to /ui/, keeping the query', () => {
    expect(classify('/')).toEqual({ kind: 'redirect', location: '/ui/' });
    expect(classify('/ui')).toEqual({ kind: 'redirect', location: '/ui/' });
    expect(classify('/ui?x=1')).toEqual({ kind: 'redirect', location: '/ui/?x=1' });
  });

  it('serves /ui/* from the build with decoded segments', () => {
    expect(classify('/ui/')).toEqual({ kind: 'static', segments: [] });
    expect(classify('/ui/assets/a.js?v=1')).toEqual({
      kind: 'static',
      segments: ['assets', 'a.js'],
    });
    expect(classify('/ui/project/my%20proj/instances')).toEqual({
      kind: 'static',
      segments: ['project', 'my proj', 'instances'],
    });
  });

  it.each([
    '/1.0',
    '/1.0/',
    '/1.0?recursion=1',
    '/1.0/instances/c1',
    '/1.0/events?type=lifecycle',
    '/oidc/login',
    '/documentation/',
    '/documentation',
  ])('proxies %s', (target) => {
    expect(classify(target)).toEqual({ kind: 'proxy' });
  });

  it.each([
    '/1.0evil',
    '/1.00',
    '/1.1',
    '/etc/passwd',
    '/oidcx',
    '/documentationx',
    '/api',
    '//1.0',
    '/UI/',
    '/favicon.ico',
  ])('answers 404 for %s', (target) => {
    expect(classify(target)).toMatchObject({ kind: 'refused', status: 404 });
  });

  it('sends /console/simplestreams (with its query) to the console server itself', () => {
    expect(
      classify('/console/simplestreams?url=https%3A%2F%2Fx%2Fstreams%2Fv1%2Findex.json'),
    ).toEqual({ kind: 'simplestreams' });
    expect(classify('/console/simplestreams/x')).toMatchObject({ kind: 'refused', status: 404 });
  });

  it('sends /console/session to the console server itself', () => {
    expect(classify('/console/session')).toEqual({ kind: 'session' });
    expect(classify('/console/session/x')).toMatchObject({ kind: 'refused', status: 404 });
  });

  it.each([
    '/ui/../etc/passwd',
    '/ui/../../etc/passwd',
    '/ui/./index.html',
    '/ui/%2e%2e/%2e%2e/etc/passwd',
    '/ui/%2E%2E/etc/passwd',
    '/ui/..%2f..%2fetc%2fpasswd',
    '/ui/assets/..%5c..%5cpasswd',
    '/1.0/../etc/passwd',
    '/1.0/%2e%2e/%2e%2e/etc/passwd',
    '/1.0%2f..%2f..%2fetc',
    '/ui/%00',
    '/ui/%zz',
    'http://example.com/1.0',
    '*',
  ])('refuses %s with 400', (target) => {
    expect(classify(target)).toMatchObject({ kind: 'refused', status: 400 });
  });
});
