/**
 * An XMLHttpRequest for upload tests (src/lxd/upload.ts), driven by the test: it records the
 * request, reports progress when told, and answers with an LXD operation or an error.
 * Install with `vi.stubGlobal('XMLHttpRequest', FakeXhr)`; `FakeXhr.last` is the latest one.
 */
type Listener = (event?: ProgressEvent) => void;

export class FakeXhr {
  static last: FakeXhr | undefined;
  headers: [string, string][] = [];
  method = '';
  url = '';
  body: unknown;
  aborted = false;
  status = 0;
  responseText = '';
  private readonly on = new Map<string, Listener[]>();
  private readonly onUpload = new Map<string, Listener[]>();
  readonly upload = {
    addEventListener: (type: string, listener: Listener) => {
      this.onUpload.set(type, [...(this.onUpload.get(type) ?? []), listener]);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.push([name, value]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  addEventListener(type: string, listener: Listener) {
    this.on.set(type, [...(this.on.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.on.get(type) ?? []) listener();
  }
  progress(loaded: number, total: number) {
    const event = { loaded, total, lengthComputable: true } as ProgressEvent;
    for (const listener of this.onUpload.get('progress') ?? []) listener(event);
  }
  /** The whole body was sent and LXD answered with the operation `operation`. */
  finish(operation: string) {
    for (const listener of this.onUpload.get('load') ?? []) listener();
    this.status = 202;
    this.responseText = JSON.stringify({
      type: 'async',
      status: 'Operation created',
      status_code: 100,
      operation: `/1.0/operations/${operation}`,
      metadata: { id: operation, class: 'task', status: 'Running' },
    });
    this.emit('load');
  }
  /** LXD refused the upload with `error`. */
  fail(status: number, error: string) {
    this.status = status;
    this.responseText = JSON.stringify({ type: 'error', error, error_code: status });
    this.emit('load');
  }
}
