import { describe, expect, it } from 'vitest';
import type { LxdInstanceState } from '../types/instance';
import {
  instanceKey,
  metricBaseName,
  parseMetrics,
  usageByInstance,
  usageFromState,
} from './metrics';
// GET /1.0/metrics of the dev LXD 5.0.2 with two running busybox containers.
import sample from './metrics.sample.txt?raw';

describe('OpenMetrics parser', () => {
  it('reads every sample of a real LXD answer, without comments', () => {
    const samples = parseMetrics(sample);
    const lines = sample.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(samples).toHaveLength(lines.length);
    expect(samples).toContainEqual({
      name: 'lxd_network_receive_bytes_total',
      labels: { device: 'eth0', name: 'web1', project: 'default', type: 'container' },
      value: 3552,
    });
    expect(samples).toContainEqual({
      name: 'lxd_filesystem_size_bytes',
      labels: { device: '', fstype: 'ext4', mountpoint: '/', name: 'mfix-b', project: 'default' },
      value: 270553174016,
    });
    expect(new Set(samples.map((s) => s.labels.name))).toEqual(new Set(['web1', 'mfix-b']));
  });

  it('keeps one value per series when LXD 5.0.2 prints a series twice', () => {
    const twice = [
      '# TYPE lxd_procs_total gauge',
      'lxd_procs_total{name="c1",project="default",type="container"} 3',
      'lxd_procs_total{type="container",project="default",name="c1"} 4',
      '# EOF',
    ].join('\n');
    expect(parseMetrics(twice)).toEqual([
      {
        name: 'lxd_procs_total',
        labels: { name: 'c1', project: 'default', type: 'container' },
        value: 4,
      },
    ]);
  });

  it('reads escapes, exponents, special values, timestamps and metrics without labels', () => {
    const text = [
      'm{a="x\\"y",b="back\\\\slash",c="new\\nline",d="{,}"} 1.5e+3 1700000000',
      'plain 42',
      'nan_metric{a="1"} NaN',
      'inf_metric +Inf',
      'neg -Inf',
      'bad{a="1"} oops',
    ].join('\n');
    const samples = parseMetrics(text);
    expect(samples[0]).toEqual({
      name: 'm',
      labels: { a: 'x"y', b: 'back\\slash', c: 'new\nline', d: '{,}' },
      value: 1500,
    });
    expect(samples[1]).toEqual({ name: 'plain', labels: {}, value: 42 });
    expect(samples[2]?.value).toBeNaN();
    expect(samples[3]?.value).toBe(Infinity);
    expect(samples[4]?.value).toBe(-Infinity);
    expect(samples).toHaveLength(5);
  });

  it('refuses labels without a closing quote', () => {
    expect(() => parseMetrics('m{a="x} 1')).toThrow('Malformed labels');
  });
});

describe('usage per instance', () => {
  it('sums CPU seconds, takes memory and root disk in use and network without lo', () => {
    const usage = usageByInstance(parseMetrics(sample), 1000);
    expect([...usage.keys()].sort()).toEqual(['default/mfix-b', 'default/web1']);
    const web1 = usage.get(instanceKey('default', 'web1'));
    expect(web1).toEqual({
      time: 1000,
      cpuSeconds: 0.008,
      memoryBytes: 24684084000 - 24681528096,
      diskBytes: 270553174016 - 243334004736,
      receivedBytes: 3552,
      sentBytes: 1662,
    });
    expect(usage.get('default/mfix-b')?.cpuSeconds).toBeCloseTo(0.044, 6);
    expect(usage.get('default/mfix-b')?.receivedBytes).toBe(1894);
  });

  it('leaves idle and iowait CPU time out (virtual machines report them)', () => {
    const text = [
      'lxd_cpu_seconds_total{cpu="0",mode="user",name="v",project="p",type="virtual-machine"} 2',
      'lxd_cpu_seconds_total{cpu="0",mode="system",name="v",project="p",type="virtual-machine"} 1',
      'lxd_cpu_seconds_total{cpu="0",mode="idle",name="v",project="p",type="virtual-machine"} 500',
      'lxd_cpu_seconds_total{cpu="0",mode="iowait",name="v",project="p",type="virtual-machine"} 7',
    ].join('\n');
    const v = usageByInstance(parseMetrics(text), 5).get('p/v');
    expect(v).toMatchObject({ cpuSeconds: 3, memoryBytes: 0, diskBytes: undefined });
  });

  it('reads the same figures from instance state counters', () => {
    const state: LxdInstanceState = {
      status: 'Running',
      status_code: 103,
      cpu: { usage: 20005309 },
      disk: { root: { usage: 4096 } },
      memory: { usage: 2936832, usage_peak: 3555328, swap_usage: 0, swap_usage_peak: 0 },
      network: {
        eth0: {
          addresses: [],
          counters: { bytes_received: 3552, bytes_sent: 1662 },
          hwaddr: '',
          host_name: 'veth1',
          mtu: 1500,
          state: 'up',
          type: 'broadcast',
        },
        lo: {
          addresses: [],
          counters: { bytes_received: 99, bytes_sent: 99 },
          hwaddr: '',
          host_name: '',
          mtu: 65536,
          state: 'up',
          type: 'loopback',
        },
      },
      pid: 1,
      processes: 3,
    };
    expect(usageFromState(state, 7)).toEqual({
      time: 7,
      cpuSeconds: 0.020005309,
      memoryBytes: 2936832,
      diskBytes: 4096,
      receivedBytes: 3552,
      sentBytes: 1662,
    });
    expect(usageFromState({ ...state, disk: null }, 7).diskBytes).toBeUndefined();
  });
});

// GET /1.0/metrics as Incus 6.0 prints it (internal/server/metrics: the same metrics and labels as
// LXD's, named incus_*), for a container and a virtual machine in project "lab".
const INCUS_METRICS = [
  '# HELP incus_cpu_seconds_total The total number of CPU time used in seconds.',
  '# TYPE incus_cpu_seconds_total counter',
  'incus_cpu_seconds_total{cpu="0",mode="system",name="c1",project="lab",type="container"} 1.25',
  'incus_cpu_seconds_total{cpu="0",mode="user",name="c1",project="lab",type="container"} 2.5',
  'incus_cpu_seconds_total{cpu="0",mode="user",name="v1",project="lab",type="virtual-machine"} 4',
  'incus_cpu_seconds_total{cpu="0",mode="idle",name="v1",project="lab",type="virtual-machine"} 900',
  'incus_cpu_seconds_total{cpu="0",mode="iowait",name="v1",project="lab",type="virtual-machine"} 3',
  '# HELP incus_filesystem_free_bytes The number of free space in bytes.',
  '# TYPE incus_filesystem_free_bytes gauge',
  'incus_filesystem_free_bytes{device="/dev/sda1",fstype="ext4",mountpoint="/",name="c1",project="lab",type="container"} 6e+09',
  'incus_filesystem_free_bytes{device="tmpfs",fstype="tmpfs",mountpoint="/run",name="c1",project="lab",type="container"} 1000',
  '# HELP incus_filesystem_size_bytes The size of the filesystem in bytes.',
  '# TYPE incus_filesystem_size_bytes gauge',
  'incus_filesystem_size_bytes{device="/dev/sda1",fstype="ext4",mountpoint="/",name="c1",project="lab",type="container"} 1e+10',
  'incus_filesystem_size_bytes{device="tmpfs",fstype="tmpfs",mountpoint="/run",name="c1",project="lab",type="container"} 5000',
  '# HELP incus_memory_MemFree_bytes The amount of free memory.',
  '# TYPE incus_memory_MemFree_bytes gauge',
  'incus_memory_MemFree_bytes{name="c1",project="lab",type="container"} 7.5e+08',
  'incus_memory_MemFree_bytes{name="v1",project="lab",type="virtual-machine"} 5e+08',
  '# HELP incus_memory_MemTotal_bytes The amount of used memory.',
  '# TYPE incus_memory_MemTotal_bytes gauge',
  'incus_memory_MemTotal_bytes{name="c1",project="lab",type="container"} 1e+09',
  'incus_memory_MemTotal_bytes{name="v1",project="lab",type="virtual-machine"} 2e+09',
  '# HELP incus_memory_OOM_kills_total The number of out of memory kills.',
  '# TYPE incus_memory_OOM_kills_total counter',
  'incus_memory_OOM_kills_total{name="c1",project="lab",type="container"} 0',
  '# HELP incus_network_receive_bytes_total The amount of received bytes on a given interface.',
  '# TYPE incus_network_receive_bytes_total counter',
  'incus_network_receive_bytes_total{device="eth0",name="c1",project="lab",type="container"} 4096',
  'incus_network_receive_bytes_total{device="lo",name="c1",project="lab",type="container"} 77',
  'incus_network_receive_bytes_total{device="enp5s0",name="v1",project="lab",type="virtual-machine"} 100',
  '# HELP incus_network_transmit_bytes_total The amount of transmitted bytes on a given interface.',
  '# TYPE incus_network_transmit_bytes_total counter',
  'incus_network_transmit_bytes_total{device="eth0",name="c1",project="lab",type="container"} 2048',
  'incus_network_transmit_bytes_total{device="lo",name="c1",project="lab",type="container"} 77',
  '# HELP incus_go_goroutines Number of goroutines that currently exist.',
  '# TYPE incus_go_goroutines gauge',
  'incus_go_goroutines 123',
  '# HELP incus_uptime_seconds The daemon uptime in seconds.',
  '# TYPE incus_uptime_seconds gauge',
  'incus_uptime_seconds 3600',
  '# EOF',
].join('\n');

describe('Incus metrics (incus_* names)', () => {
  it('strips either product prefix, and only those', () => {
    expect(metricBaseName('lxd_cpu_seconds_total')).toBe('cpu_seconds_total');
    expect(metricBaseName('incus_cpu_seconds_total')).toBe('cpu_seconds_total');
    expect(metricBaseName('incus_memory_MemTotal_bytes')).toBe('memory_MemTotal_bytes');
    expect(metricBaseName('node_cpu_seconds_total')).toBeUndefined();
  });

  it('parses an Incus answer', () => {
    const samples = parseMetrics(INCUS_METRICS);
    expect(samples).toHaveLength(21);
    expect(samples).toContainEqual({
      name: 'incus_memory_MemTotal_bytes',
      labels: { name: 'c1', project: 'lab', type: 'container' },
      value: 1e9,
    });
    expect(samples).toContainEqual({ name: 'incus_go_goroutines', labels: {}, value: 123 });
  });

  it('reads the usage of each instance from incus_* metrics', () => {
    const usage = usageByInstance(parseMetrics(INCUS_METRICS), 42);
    expect([...usage.keys()].sort()).toEqual(['lab/c1', 'lab/v1']);
    expect(usage.get('lab/c1')).toEqual({
      time: 42,
      cpuSeconds: 3.75,
      memoryBytes: 2.5e8,
      diskBytes: 4e9,
      receivedBytes: 4096,
      sentBytes: 2048,
    });
    expect(usage.get('lab/v1')).toEqual({
      time: 42,
      cpuSeconds: 4,
      memoryBytes: 1.5e9,
      diskBytes: undefined,
      receivedBytes: 100,
      sentBytes: 0,
    });
  });

  it('gives the same figures for the real LXD answer renamed to incus_*', () => {
    const renamed = sample.replace(/^(# (?:HELP|TYPE) )?lxd_/gm, '$1incus_');
    expect(renamed).not.toMatch(/lxd_/);
    expect(usageByInstance(parseMetrics(renamed), 1000)).toEqual(
      usageByInstance(parseMetrics(sample), 1000),
    );
  });
});
