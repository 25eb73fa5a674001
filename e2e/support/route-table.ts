/**
 * The console's route table as path patterns under /ui, read from the app's own feature list
 * (src/app/features.ts, which gathers every src/features/x/routes.tsx). Run as a script
 * (`tsx e2e/support/route-table.ts` prints them as JSON); `routePatterns()` runs it in a child
 * process, so the browser code is loaded by tsx and never type-checked as part of e2e/.
 */
import { execFileSync } from 'node:child_process';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface Route {
  path?: string;
  children?: Route[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function collect(routes: readonly Route[], prefix: string, out: string[]): void {
  for (const route of routes) {
    const here = route.path === undefined ? prefix : `${prefix}/${route.path}`;
    if (route.path !== undefined) out.push(here);
    if (route.children) collect(route.children, here, out);
  }
}

/** Style sheets load as nothing here (a feature's index may export a component that imports one). */
const STYLES_AS_NOTHING = `data:text/javascript,${encodeURIComponent(
  "export async function load(url, context, next) { if (/\\.s?css$/.test(url)) return { format: 'module', source: '', shortCircuit: true }; return next(url, context); }",
)}`;

async function printPatterns(): Promise<void> {
  register(STYLES_AS_NOTHING);
  const file = pathToFileURL(path.join(root, 'src', 'app', 'features.ts')).href;
  const features = (await import(file)) as Record<
    'publicRoutes' | 'globalRoutes' | 'projectRoutes',
    Route[]
  >;
  const out: string[] = [];
  collect(features.publicRoutes, '', out);
  collect(features.globalRoutes, '', out);
  collect(features.projectRoutes, '/project/:project', out);
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

/** Every route pattern of the console, e.g. `/project/:project/instance/:name/:activeTab?`. */
export function routePatterns(): string[] {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const output = execFileSync(tsx, [fileURLToPath(import.meta.url)], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printPatterns();
