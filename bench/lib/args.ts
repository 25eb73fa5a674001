/** Command line of `npm run bench -- [N ...] [options]`. */

export interface BenchArgs {
  counts: number[];
  runs: number;
  check: boolean;
  build: boolean;
  /** Measure this build instead of building one. */
  uiDir: string | null;
  lxdUi: boolean;
  soak: boolean;
  soakEvents: number;
  /** Only make the fixtures (projects and instances) for the counts, measure nothing. */
  prepareOnly: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [N ...] [options]

Measures the console's instance list against a local LXD ('bench', 127.0.0.1:18445) holding
N stopped busybox instances in project bench-<N> (default N: 10 1000).

  --runs K          measured runs per N and server, after one warm-up (default 5)
  --check           exit with status 1 when a budget is missed
  --no-build        reuse the last benchmark build instead of running vite build
  --ui-dir DIR      measure this build (a directory with index.html and assets/)
  --no-lxd-ui       measure only through the console server, not LXD's own /ui
  --no-soak         skip the event soak
  --soak-events E   lifecycle events in the soak (default 1000)
  --prepare-only    only create the instances for each N (resumable; no build, no browser)
  -h, --help        show this help
`;

export class ArgsError extends Error {
  override name = 'ArgsError';
}

function positiveInt(text: string | undefined, what: string, max: number): number {
  const value = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || value < 1 || value > max) {
    throw new ArgsError(`${what} must be a whole number from 1 to ${max} (got '${text ?? ''}')`);
  }
  return value;
}

export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = {
    counts: [],
    runs: 5,
    check: false,
    build: true,
    uiDir: null,
    lxdUi: true,
    soak: true,
    soakEvents: 1000,
    prepareOnly: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    switch (arg) {
      case '--runs':
        i += 1;
        args.runs = positiveInt(argv[i], '--runs', 50);
        break;
      case '--soak-events':
        i += 1;
        args.soakEvents = positiveInt(argv[i], '--soak-events', 100_000);
        break;
      case '--check':
        args.check = true;
        break;
      case '--no-build':
        args.build = false;
        break;
      case '--ui-dir':
        i += 1;
        if (!argv[i]) throw new ArgsError('--ui-dir needs a directory');
        args.uiDir = argv[i] ?? null;
        args.build = false;
        break;
      case '--no-lxd-ui':
        args.lxdUi = false;
        break;
      case '--no-soak':
        args.soak = false;
        break;
      case '--prepare-only':
        args.prepareOnly = true;
        args.build = false;
        break;
      case '-h':
      case '--help':
        args.help = true;
        break;
      default:
        if (arg.startsWith('-')) throw new ArgsError(`unknown option ${arg} (see --help)`);
        args.counts.push(positiveInt(arg, 'N', 99_999));
    }
  }
  if (args.counts.length === 0) args.counts = [10, 1000];
  args.counts = [...new Set(args.counts)].sort((a, b) => a - b);
  return args;
}
