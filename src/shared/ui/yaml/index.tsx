import { lazy, Suspense } from 'react';
import { importWithRetry } from '../../routing/lazy';
import { Loader } from '../Loader';
import type { YamlEditorProps } from './YamlEditor';

const Editor = lazy(() => importWithRetry(() => import('./YamlEditor')));

/** The YAML editor, loaded on first use (CodeMirror stays out of the first screen). */
export function YamlEditor(props: YamlEditorProps) {
  return (
    <Suspense fallback={<Loader text="Loading editor…" />}>
      <Editor {...props} />
    </Suspense>
  );
}

export { parseYaml, toYaml, type YamlError, type YamlResult } from './parse';
