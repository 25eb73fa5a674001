/**
 * The in-page probe, installed with addInitScript before the console's own scripts. It watches
 * every animation frame (so times are when a frame with the content is produced, in the page's
 * own clock: performance.now() counts from navigation start) for:
 * - the first row of the table named 'Instances' inside the viewport, and all such rows showing a
 *   status;
 * - after armFilter(fragment) and a keydown: the visible rows all having names that contain it;
 * - after armDetail(name) and a click: an h1 that shows the name;
 * - the list being complete: the whole list answer (recursion=1 or 2) received and no polite
 *   "loading" line left on screen (or such a line seen and gone);
 * - after armSort(header) and a click on that header: its aria-sort changing and the visible
 *   rows' order changing;
 * - after armEvent(name, text): the arrival of the matching lifecycle event on the page's
 *   /1.0/events websocket (WebSocket is wrapped to time-stamp messages), and the visible row
 *   `name` showing `text`.
 * A row is an instance row when its accessible name (aria-label, aria-labelledby or, as the
 * browser computes a row's name from its content, its text) starts with an instance name.
 * It is plain JavaScript in a string: functions compiled by tsx would carry helpers the page
 * does not have.
 */

import type { ProbeOptions } from './probe-types';

export type {
  ProbeDetail,
  ProbeEvent,
  ProbeFilter,
  ProbeOptions,
  ProbeSort,
  ProbeState,
} from './probe-types';

/**
 * Helpers of the probe, plain JavaScript (also evaluated by the unit tests):
 * - isFullListUrl(url): a GET of the whole instance list with its details (recursion 1 or 2);
 * - isLoadingText(text): a status line saying the list is still loading;
 * - matchesEvent(data, name): a lifecycle message (text) updating instance `name`.
 */
export const PROBE_HELPERS = String.raw`
  function isFullListUrl(href) {
    var u;
    try { u = new URL(href, 'http://x'); } catch (e) { return false; }
    if (u.pathname !== '/1.0/instances') return false;
    var r = u.searchParams.get('recursion');
    return r === '1' || r === '2';
  }
  function isLoadingText(text) {
    return /\b(loading|fetching)\b/i.test(text || '');
  }
  function matchesEvent(data, name) {
    if (typeof data !== 'string' || data.indexOf(name) < 0) return false;
    var m;
    try { m = JSON.parse(data); } catch (e) { return false; }
    if (!m || m.type !== 'lifecycle' || !m.metadata) return false;
    var source = String(m.metadata.source || '');
    var path = source.split('?')[0];
    return m.metadata.action === 'instance-updated' && path === '/1.0/instances/' + name;
  }
`;

export const STATUS_WORDS = [
  'Running',
  'Stopped',
  'Frozen',
  'Error',
  'Ready',
  'Starting',
  'Stopping',
  'Restarting',
  'Freezing',
  'Aborting',
  'Unknown',
];

const PROBE_BODY = String.raw`
  if (window.top !== window) return;
  if (cfg.replacePath && location.pathname === '/ui/') history.replaceState(null, '', cfg.replacePath);
  try { performance.setResourceTimingBufferSize(2000); } catch (e) {}
  var NAME = new RegExp(cfg.namePattern);
  var STATUS = new RegExp('\\b(' + cfg.statusWords.join('|') + ')\\b', 'i');
  var state = { firstRowAt: null, firstRowName: null, statusesAt: null, visibleRows: 0,
    completeAt: null, loadingSeen: false, filter: null, detail: null, sort: null, event: null,
    errors: [] };
  var running = false;
  var NativeWS = window.WebSocket;
  if (NativeWS) {
    var Timed = class extends NativeWS {
      constructor(url, protocols) {
        super(url, protocols);
        if (String(url).indexOf('/1.0/events') >= 0) {
          this.addEventListener('message', function (e) {
            var ev = state.event;
            if (ev && ev.arrivedAt === null && matchesEvent(e.data, ev.name)) {
              ev.arrivedAt = performance.now();
            }
          });
        }
      }
    };
    window.WebSocket = Timed;
  }
  function accName(el) {
    var label = el.getAttribute('aria-label');
    if (label) return label.trim();
    var by = el.getAttribute('aria-labelledby');
    if (by) {
      return by.split(/\s+/).map(function (id) {
        var n = document.getElementById(id);
        return n ? n.textContent || '' : '';
      }).join(' ').trim();
    }
    return '';
  }
  function findTable() {
    var all = document.querySelectorAll('table,[role="table"],[role="grid"],[role="treegrid"]');
    for (var i = 0; i < all.length; i++) {
      var t = all[i];
      var name = accName(t);
      if (!name && t.tagName === 'TABLE' && t.caption) name = (t.caption.textContent || '').trim();
      if (name === (cfg.tableName || 'Instances')) return t;
    }
    return null;
  }
  var CELLS = 'td,th,[role="cell"],[role="gridcell"],[role="rowheader"],[role="columnheader"]';
  function rowName(row) {
    var name = accName(row);
    if (!name) {
      var cells = row.querySelectorAll(CELLS);
      var parts = [];
      for (var i = 0; i < cells.length && i < 3; i++) {
        var t = (cells[i].textContent || '').trim();
        if (t) parts.push(t);
      }
      name = parts.length ? parts.join(' ') : (row.textContent || '').trim();
    }
    var m = NAME.exec(name);
    return m ? m[0] : null;
  }
  function clip(table) {
    var top = 0, bottom = innerHeight, left = 0, right = innerWidth;
    for (var el = table.parentElement; el && el !== document.body; el = el.parentElement) {
      var s = getComputedStyle(el);
      if (/(auto|scroll|hidden|clip)/.test(s.overflowY + ' ' + s.overflowX)) {
        var r = el.getBoundingClientRect();
        top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
        left = Math.max(left, r.left); right = Math.min(right, r.right);
      }
    }
    return { top: top, bottom: bottom, left: left, right: right };
  }
  function visibleRows(table) {
    var box = clip(table);
    var rows = table.querySelectorAll('tr,[role="row"]');
    var out = [];
    for (var i = 0; i < rows.length; i++) {
      var name = rowName(rows[i]);
      if (!name) continue;
      var r = rows[i].getBoundingClientRect();
      if (r.height <= 0 || r.width <= 0) continue;
      if (r.top >= box.bottom || r.bottom <= box.top || r.left >= box.right || r.right <= box.left) continue;
      out.push({ row: rows[i], name: name });
    }
    return out;
  }
  function hasStatus(row) {
    var cells = row.querySelectorAll(CELLS);
    if (cells.length === 0) return STATUS.test(row.textContent || '');
    for (var i = 0; i < cells.length; i++) if (STATUS.test(cells[i].textContent || '')) return true;
    return false;
  }
  function loadingShown() {
    var els = document.querySelectorAll('[role="status"],[aria-live="polite"],[aria-busy="true"]');
    for (var i = 0; i < els.length; i++) {
      if (isLoadingText(els[i].textContent) && els[i].getClientRects().length > 0) return true;
    }
    return false;
  }
  function fullListReceived() {
    var es = performance.getEntriesByType('resource');
    for (var i = 0; i < es.length; i++) {
      if (es[i].responseEnd > 0 && isFullListUrl(es[i].name)) return true;
    }
    return false;
  }
  function headerCell(table, header) {
    var ths = table.querySelectorAll('th[aria-sort],[role="columnheader"][aria-sort]');
    for (var i = 0; i < ths.length; i++) {
      if ((ths[i].textContent || '').trim() === header) return ths[i];
    }
    return null;
  }
  function rowOrder(table) {
    return visibleRows(table).map(function (x) { return x.name; }).join(' ');
  }
  function active() {
    var now = performance.now();
    var s = state.sort, ev = state.event;
    return (state.statusesAt === null && now < 120000) ||
      (state.completeAt === null && now < 300000) ||
      (state.filter !== null && state.filter.matchAt === null) ||
      (state.detail !== null && state.detail.headingAt === null) ||
      (s !== null && (s.ariaAt === null || s.rowsAt === null) &&
        (s.clickAt === null || now - s.clickAt < 5000)) ||
      (ev !== null && ev.appliedAt === null && now - ev.armedAt < 30000);
  }
  function tick() {
    var now = performance.now();
    try {
      var f = state.filter;
      var wantRows = state.statusesAt === null || (f && f.keyAt !== null && f.matchAt === null);
      var table = wantRows ? findTable() : null;
      if (table) {
        var rows = visibleRows(table);
        if (rows.length > 0) {
          if (state.firstRowAt === null) { state.firstRowAt = now; state.firstRowName = rows[0].name; }
          if (state.statusesAt === null && rows.every(function (x) { return hasStatus(x.row); })) {
            state.statusesAt = now; state.visibleRows = rows.length;
          }
          if (f && f.keyAt !== null && f.matchAt === null &&
              rows.every(function (x) { return x.name.indexOf(f.fragment) >= 0; })) {
            f.matchAt = now;
          }
        }
      }
      if (state.completeAt === null && state.firstRowAt !== null) {
        if (loadingShown()) state.loadingSeen = true;
        else if (state.loadingSeen || fullListReceived()) state.completeAt = now;
      }
      var s = state.sort;
      if (s && s.clickAt !== null && (s.ariaAt === null || s.rowsAt === null)) {
        var st = findTable();
        if (st) {
          var th = headerCell(st, s.header);
          if (s.ariaAt === null && th && th.getAttribute('aria-sort') !== s.ariaBefore) s.ariaAt = now;
          if (s.rowsAt === null && rowOrder(st) !== s.rowsBefore) s.rowsAt = now;
        }
      }
      var ev = state.event;
      if (ev && ev.appliedAt === null) {
        var et = findTable();
        var erows = et ? visibleRows(et) : [];
        for (var k = 0; k < erows.length; k++) {
          if (erows[k].name === ev.name && (erows[k].row.textContent || '').indexOf(ev.text) >= 0) {
            ev.appliedAt = now; break;
          }
        }
      }
      var d = state.detail;
      if (d && d.clickAt !== null && d.headingAt === null) {
        var hs = document.querySelectorAll('h1');
        for (var j = 0; j < hs.length; j++) {
          if ((hs[j].textContent || '').indexOf(d.name) >= 0 && hs[j].getBoundingClientRect().height > 0) {
            d.headingAt = now; break;
          }
        }
      }
    } catch (e) {
      if (state.errors.length < 20) state.errors.push(String(e));
    }
    if (active()) requestAnimationFrame(tick); else running = false;
  }
  function ensureLoop() {
    if (!running) { running = true; requestAnimationFrame(tick); }
  }
  addEventListener('keydown', function (e) {
    if (state.filter && state.filter.keyAt === null) state.filter.keyAt = e.timeStamp;
  }, true);
  addEventListener('click', function (e) {
    if (state.detail && state.detail.clickAt === null) state.detail.clickAt = e.timeStamp;
    if (state.sort && state.sort.clickAt === null) state.sort.clickAt = e.timeStamp;
  }, true);
  state.armSort = function (header) {
    var t = findTable();
    var th = t ? headerCell(t, header) : null;
    state.sort = { header: header, ariaBefore: th ? th.getAttribute('aria-sort') : null,
      rowsBefore: t ? rowOrder(t) : '', clickAt: null, ariaAt: null, rowsAt: null };
    ensureLoop();
  };
  state.sortHeaders = function () {
    var t = findTable();
    if (!t) return [];
    var ths = t.querySelectorAll('th[aria-sort],[role="columnheader"][aria-sort]');
    var out = [];
    for (var i = 0; i < ths.length; i++) {
      var text = (ths[i].textContent || '').trim();
      if (text && ths[i].querySelector('button')) out.push(text);
    }
    return out;
  };
  state.armEvent = function (name, text) {
    state.event = { name: name, text: text, armedAt: performance.now(), arrivedAt: null,
      appliedAt: null };
    ensureLoop();
  };
  state.armFilter = function (fragment) {
    state.filter = { fragment: fragment, keyAt: null, matchAt: null }; ensureLoop();
  };
  state.armDetail = function (name) {
    state.detail = { name: name, clickAt: null, headingAt: null }; ensureLoop();
  };
  /** Why an armed event shows no change: what the page holds for its row. */
  state.eventDiagnosis = function () {
    var ev = state.event;
    if (!ev) return 'no event armed';
    var table = findTable();
    var tables = document.querySelectorAll('table[aria-label="Instances"]').length;
    var early = document.getElementById('early-list') !== null;
    var row = null;
    if (table) {
      var rows = table.querySelectorAll('tr,[role="row"]');
      for (var i = 0; i < rows.length; i++) if (rowName(rows[i]) === ev.name) { row = rows[i]; break; }
    }
    var visible = table ? visibleRows(table).some(function (x) { return x.name === ev.name; }) : false;
    // The page's own requests for this instance since the event was armed (resource timing:
    // read afterwards, so the page's timing is not changed by watching).
    var path = '/1.0/instances/' + encodeURIComponent(ev.name);
    var asked = performance.getEntriesByType('resource').filter(function (r) {
      return r.startTime >= ev.armedAt && r.name.indexOf(path) >= 0;
    }).map(function (r) {
      return '+' + Math.round(r.startTime - ev.armedAt) + '..' + Math.round(r.responseEnd - ev.armedAt) + ' ms';
    });
    var lists = performance.getEntriesByType('resource').filter(function (r) {
      return r.startTime >= ev.armedAt && /\/1\.0\/instances\?/.test(r.name);
    }).length;
    return 'event ' + (ev.arrivedAt === null ? 'not arrived' :
      'arrived +' + Math.round(ev.arrivedAt - ev.armedAt) + ' ms') +
      ', early list ' + (early ? 'present' : 'gone') + ', ' + tables + ' Instances table(s), row ' +
      (row ? (visible ? 'visible' : 'not visible') + ': ' +
        JSON.stringify((row.textContent || '').slice(0, 120)) : 'absent') +
      ', GETs of it since armed: ' + (asked.length ? asked.join(', ') : 'none') +
      ', list GETs since armed: ' + lists;
  };
  window.__bench = state;
  ensureLoop();
`;

/** The init script's source for these options. */
export function probeSource(options: ProbeOptions): string {
  const cfg = { ...options, statusWords: STATUS_WORDS };
  return `(function (cfg) {${PROBE_HELPERS}${PROBE_BODY}})(${JSON.stringify(cfg)});`;
}

/** Expressions evaluated in the page (strings, for the reason above). */
export const probeExpr = {
  loaded: 'window.__bench !== undefined && window.__bench.statusesAt !== null',
  state:
    '({ firstRowAt: __bench.firstRowAt, firstRowName: __bench.firstRowName, statusesAt: __bench.statusesAt, visibleRows: __bench.visibleRows, completeAt: __bench.completeAt, loadingSeen: __bench.loadingSeen, filter: __bench.filter, detail: __bench.detail, sort: __bench.sort, event: __bench.event, errors: __bench.errors })',
  complete: 'window.__bench !== undefined && window.__bench.completeAt !== null',
  sortHeaders: 'window.__bench.sortHeaders()',
  armSort: (header: string) => `window.__bench.armSort(${JSON.stringify(header)})`,
  sortAria: 'window.__bench.sort !== null && window.__bench.sort.ariaAt !== null',
  sortRows: 'window.__bench.sort !== null && window.__bench.sort.rowsAt !== null',
  armEvent: (name: string, text: string) =>
    `window.__bench.armEvent(${JSON.stringify(name)}, ${JSON.stringify(text)})`,
  eventApplied: 'window.__bench.event !== null && window.__bench.event.appliedAt !== null',
  eventDiagnosis: 'window.__bench.eventDiagnosis()',
  armFilter: (fragment: string) => `window.__bench.armFilter(${JSON.stringify(fragment)})`,
  filterMatched: 'window.__bench.filter !== null && window.__bench.filter.matchAt !== null',
  armDetail: (name: string) => `window.__bench.armDetail(${JSON.stringify(name)})`,
  detailShown: 'window.__bench.detail !== null && window.__bench.detail.headingAt !== null',
  domNodes: "document.getElementsByTagName('*').length",
  /** Chrome's first contentful paint (when the first text or image reached the screen). */
  contentfulPaint:
    "(function (e) { return e ? e.startTime : null; })(performance.getEntriesByName('first-contentful-paint')[0])",
  navigation:
    "(function (n) { return { responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventStart }; })(performance.getEntriesByType('navigation')[0])",
  resources:
    "performance.getEntriesByType('resource').map(function (e) { return { url: e.name, start: e.startTime, end: e.responseEnd, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize }; })",
};
