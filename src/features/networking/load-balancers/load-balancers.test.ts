import { describe, expect, it } from 'vitest';
import { IP_ADDRESS_INVALID, PORTS_INVALID, PORTS_TOO_MANY } from '../../../shared/validation';
import {
  LB_MESSAGES,
  backendCountMessage,
  backendSummary,
  lbErrors,
  lbProblems,
  lbPortSummary,
  lbToValues,
  newBackendValues,
  newLbPortValues,
  newLbValues,
  nextBackendName,
  valuesToLbPost,
  type LbFormValues,
} from './form';

const valid = (): LbFormValues => ({
  ...newLbValues(),
  listenAddress: '192.0.2.1',
  backends: [
    { ...newBackendValues('web1'), targetAddress: '10.0.0.5', targetPorts: '8080' },
    { ...newBackendValues('web2'), targetAddress: '10.0.0.6' },
  ],
  ports: [{ ...newLbPortValues(), listenPorts: '80', targetBackends: ['web1', 'web2'] }],
});

describe('load balancer checks', () => {
  it('accepts a valid load balancer', () => {
    expect(lbProblems(valid())).toEqual({});
  });

  it('checks the listen address and backend addresses with the IP rule', () => {
    expect(lbErrors({ ...valid(), listenAddress: 'x' }).listenAddress).toBe(IP_ADDRESS_INVALID);
    const values = valid();
    values.backends[0] = { ...newBackendValues('web1'), targetAddress: '' };
    expect(lbErrors(values).backends[0]?.targetAddress).toBe('Target address is required');
  });

  it('needs unique, well-formed backend names', () => {
    const values = valid();
    values.backends[1] = { ...newBackendValues('web1'), targetAddress: '10.0.0.6' };
    expect(lbErrors(values).backends[1]?.name).toBe(LB_MESSAGES.backendNameTaken);
    values.backends[1] = { ...newBackendValues(''), targetAddress: '10.0.0.6' };
    expect(lbErrors(values).backends[1]?.name).toBe('Backend name is required');
    values.backends[1] = { ...newBackendValues('a b'), targetAddress: '10.0.0.6' };
    expect(lbErrors(values).backends[1]?.name).toBe(LB_MESSAGES.backendNameChars);
  });

  it('checks ports with the spec port-list rule and needs a backend', () => {
    const port = (listenPorts: string, targetBackends = ['web1']) =>
      lbErrors({ ...valid(), ports: [{ ...newLbPortValues(), listenPorts, targetBackends }] })
        .ports[0];
    expect(port('1,2,3,4,5,6,7,8,9,10,11')?.listenPorts).toBe(PORTS_TOO_MANY);
    expect(port('65536')?.listenPorts).toBe(PORTS_INVALID);
    expect(port('80-90', [])?.targetBackends).toBe('Choose at least one backend');
    expect(port('80-82')?.targetBackends).toBeUndefined();
    const values = valid();
    values.backends[0] = {
      ...newBackendValues('web1'),
      targetAddress: '10.0.0.5',
      targetPorts: '1,2',
    };
    expect(lbErrors(values).ports[0]?.targetBackends).toBe(backendCountMessage('web1'));
    expect(backendCountMessage('web1')).toBe(
      'Backend web1 needs one target port, or as many as the listen ports',
    );
  });
});

describe('load balancer backends in the form', () => {
  it('names new backends', () => {
    expect(nextBackendName(valid().backends)).toBe('backend1');
    expect(nextBackendName([newBackendValues('backend1')])).toBe('backend2');
  });
});

describe('load balancer bodies', () => {
  it('posts the reference’s shape and reads it back', () => {
    const body = valuesToLbPost(valid());
    expect(body).toEqual({
      listen_address: '192.0.2.1',
      description: '',
      config: {},
      backends: [
        { name: 'web1', target_address: '10.0.0.5', target_port: '8080' },
        { name: 'web2', target_address: '10.0.0.6' },
      ],
      ports: [{ protocol: 'tcp', listen_port: '80', target_backend: ['web1', 'web2'] }],
    });
    const values = lbToValues({ ...body, backends: body.backends, ports: body.ports });
    expect(valuesToLbPost(values)).toEqual(body);
    expect(lbToValues({ ...body, backends: null, ports: null }).backends).toEqual([]);
    expect(body.backends.map(backendSummary)).toEqual(['web1 10.0.0.5:8080', 'web2 10.0.0.6']);
    expect(body.ports.map(lbPortSummary)).toEqual(['TCP 80 → web1, web2']);
  });

  it('keeps a port’s pool (LXD 6.9+) as read and needs no backend for it', () => {
    const lb = {
      listen_address: '192.0.2.1',
      description: '',
      config: {},
      backends: [],
      ports: [{ protocol: 'tcp', listen_port: '80', target_pool: 'web' }],
    } as unknown as Parameters<typeof lbToValues>[0];
    const values = lbToValues(lb);
    expect(lbProblems(values)).toEqual({});
    expect(valuesToLbPost(values).ports).toEqual([
      { protocol: 'tcp', listen_port: '80', target_backend: [], target_pool: 'web' },
    ]);
    expect(lb.ports?.map(lbPortSummary)).toEqual(['TCP 80 → pool web']);
  });
});
