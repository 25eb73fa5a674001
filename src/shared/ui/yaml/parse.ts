import { YAMLParseError, parse, stringify } from 'yaml';

export interface YamlError {
  message: string;
  /** 1-based line of the problem, when known. */
  line?: number;
  column?: number;
}

export type YamlResult<T> = { ok: true; value: T } | { ok: false; error: YamlError };

/** Parses YAML; errors carry the line and column so the editor can point at them. */
export function parseYaml<T = unknown>(text: string): YamlResult<T> {
  try {
    return { ok: true, value: parse(text, { prettyErrors: true }) as T };
  } catch (e) {
    if (e instanceof YAMLParseError) {
      const pos = e.linePos?.[0];
      const first = e.message.split('\n')[0] ?? e.message;
      return {
        ok: false,
        error: {
          message: pos
            ? `Line ${pos.line}, column ${pos.col}: ${first.replace(/ at line \d+, column \d+:?$/, '')}`
            : first,
          ...(pos ? { line: pos.line, column: pos.col } : {}),
        },
      };
    }
    return { ok: false, error: { message: e instanceof Error ? e.message : String(e) } };
  }
}

export function toYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0 });
}
