import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { parseYaml } from './parse';

export interface YamlEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the editor's text box. */
  label: string;
  readOnly?: boolean;
  /** Minimum height in CSS units. */
  minHeight?: string;
}

const yamlLinter = linter((view): Diagnostic[] => {
  const result = parseYaml(view.state.doc.toString());
  if (result.ok) return [];
  const { line, column, message } = result.error;
  const doc = view.state.doc;
  const lineInfo = doc.line(Math.min(Math.max(line ?? 1, 1), doc.lines));
  const from = Math.min(lineInfo.from + Math.max((column ?? 1) - 1, 0), lineInfo.to);
  return [{ from, to: Math.max(from, lineInfo.to), severity: 'error', message }];
});

/** CodeMirror 6 with YAML highlighting and parse errors marked at their line. Load lazily. */
export default function YamlEditor({
  value,
  onChange,
  label,
  readOnly = false,
  minHeight = '20rem',
}: YamlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  // The editor is created once with the first value; later values are pushed in below.
  const initialValue = useRef(value);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialValue.current,
        extensions: [
          lineNumbers(),
          history(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          yaml(),
          lintGutter(),
          yamlLinter,
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({
            'aria-label': label,
            role: 'textbox',
            'aria-multiline': 'true',
            // Already focusable (contenteditable); said explicitly so that axe sees a scrolled
            // editor (a long line) as reachable by keyboard (scrollable-region-focusable).
            tabindex: '0',
          }),
          EditorView.theme({ '&': { minHeight }, '.cm-scroller': { minHeight } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [label, readOnly, minHeight]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) {
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
    }
  }, [value]);

  return <div className="yaml-editor" ref={host} />;
}
