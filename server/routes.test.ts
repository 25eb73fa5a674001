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

describe('classify of another remote: /remote/<name>/…', () => {
  it.each([
    ['/remote/incus/1.0', 'incus', '/1.0'],
    ['/remote/incus/1.0/', 'incus', '/1.0/'],
    ['/remote/incus/1.0?recursion=1', 'incus', '/1.0?recursion=1'],
    [
      '/remote/lxd-2/1.0/instances/c%201?project=a%2Fb',
      'lxd-2',
      '/1.0/instances/c%201?project=a%2Fb',
    ],
    ['/remote/incus/1.0/events?type=lifecycle', 'incus', '/1.0/events?type=lifecycle'],
    ['/remote/incus/documentation', 'incus', '/documentation'],
    ['/remote/incus/documentation/rest-api/', 'incus', '/documentation/rest-api/'],
    ['/remote/inc%75s/1.0', 'incus', '/1.0'],
    ['/remote/No%20Such/1.0', 'No Such', '/1.0'],
    ['/remote/a%2Fb/1.0', 'a/b', '/1.0'],
  ])('proxies %s to remote %s as %s', (target, remote, upstreamTarget) => {
    expect(classify(target)).toEqual({ kind: 'proxy', remote, upstreamTarget });
  });

  it.each([
    '/remote',
    '/remote/',
    '/remote/incus',
    '/remote/incus/',
    '/remote//1.0',
    '/remote/incus/1.0evil',
    '/remote/incus/oidc/login',
    '/remote/incus/ui/',
    '/remote/incus/console/remotes',
    '/remote/incus/remote/x/1.0',
    '/remotes/incus/1.0',
  ])('answers 404 for %s', (target) => {
    expect(classify(target)).toMatchObject({ kind: 'refused', status: 404 });
  });

  it.each([
    '/remote/../1.0',
    '/remote/%2e%2e/1.0',
    '/remote/%2E/1.0',
    '/remote/incus/1.0/../../etc/passwd',
    '/remote/incus/1.0/%2e%2e/%2e%2e/x',
    '/remote/incus%2f..%2f..%2f1.0',
    '/remote/incus/1.0/..%5cx',
    '/remote/%zz/1.0',
    '/remote/incus/1.0/%00',
  ])('refuses %s with 400', (target) => {
    expect(classify(target)).toMatchObject({ kind: 'refused', status: 400 });
  });

  it('sends /console/remotes to the console server itself', () => {
    expect(classify('/console/remotes')).toEqual({ kind: 'remotes' });
    expect(classify('/console/remotes?x=1')).toEqual({ kind: 'remotes' });
    expect(classify('/console/remotes/local')).toMatchObject({ kind: 'refused', status: 404 });
  });

  it('serves a page of another remote like any other page', () => {
    expect(classify('/ui/remote/incus/project/default/instances')).toEqual({
      kind: 'static',
      segments: ['remote', 'incus', 'project', 'default', 'instances'],
    });
  });
});
