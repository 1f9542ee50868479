/**
 * Go's `encoding/json` decoding (and goccy/go-json, which follows it), as far as the node programs
 * depend on it, so a test can decode our answers the way V2bX and XrayR do:
 *
 * - a struct field is matched by its `json` tag name, exactly or else ignoring case; unknown keys
 *   are ignored; unexported fields are never set;
 * - embedded structs promote their fields; a shallower field hides a deeper one of the same name;
 * - `null` leaves a field at its zero value;
 * - a value of the wrong JSON kind is an error (a number where a string is declared, a string or
 *   a fraction where an int is declared); `encoding/json` keeps decoding the other fields and
 *   reports the first error, which callers may ignore (XrayR does);
 * - the `,string` tag option wants the value quoted (`"xver": "0"`): an unquoted number is
 *   "invalid use of ,string struct tag".
 *
 * Numbers are checked on their source text (JSON.parse's reviver context), as Go parses them.
 */

export type GoType =
  | { readonly kind: 'int' | 'int64' | 'uint32' | 'uint64' | 'float64' }
  | { readonly kind: 'string' | 'bool' | 'any' | 'raw' }
  | { readonly kind: 'struct'; readonly name: string; readonly fields: readonly GoField[] }
  | { readonly kind: 'slice'; readonly elem: GoType }
  | { readonly kind: 'map'; readonly key: 'string' | 'int'; readonly elem: GoType }
  | { readonly kind: 'ptr'; readonly elem: GoType };

export interface GoField {
  /** The Go field name: the key of the decoded value. */
  readonly name: string;
  /** The `json` tag's name (absent: the Go name); ignored for embedded structs. */
  readonly json?: string;
  /** The tag's `,string` option. */
  readonly asString?: boolean;
  /** A struct embedded without a tag: its fields are promoted. */
  readonly embedded?: boolean;
  readonly type: GoType;
}

export const go = {
  int: { kind: 'int' },
  int64: { kind: 'int64' },
  uint32: { kind: 'uint32' },
  uint64: { kind: 'uint64' },
  float64: { kind: 'float64' },
  string: { kind: 'string' },
  bool: { kind: 'bool' },
  any: { kind: 'any' },
  raw: { kind: 'raw' },
  struct: (name: string, fields: readonly GoField[]): GoType => ({ kind: 'struct', name, fields }),
  slice: (elem: GoType): GoType => ({ kind: 'slice', elem }),
  map: (key: 'string' | 'int', elem: GoType): GoType => ({ kind: 'map', key, elem }),
  ptr: (elem: GoType): GoType => ({ kind: 'ptr', elem }),
} as const satisfies Record<string, GoType | ((...args: never[]) => GoType)>;

/** A JSON number kept as its source text. */
class GoNumber {
  constructor(readonly source: string) {}
}

type Json = null | boolean | string | GoNumber | Json[] | { [key: string]: Json };

function parse(text: string): Json {
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' ? new GoNumber(context?.source ?? String(value)) : value,
  ) as Json;
}

function kindOf(value: Json): string {
  if (value === null) return 'null';
  if (value instanceof GoNumber) return 'number';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** The JSON text of a parsed value (numbers as their source). */
function source(value: Json): string {
  if (value instanceof GoNumber) return value.source;
  if (Array.isArray(value)) return `[${value.map(source).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${source(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const goName = (type: GoType): string => {
  switch (type.kind) {
    case 'struct':
      return `${type.name}`;
    case 'slice':
      return `[]${goName(type.elem)}`;
    case 'map':
      return `map[${type.key}]${goName(type.elem)}`;
    case 'ptr':
      return `*${goName(type.elem)}`;
    case 'any':
      return 'interface {}';
    case 'raw':
      return 'json.RawMessage';
    default:
      return type.kind;
  }
};

export function zeroValue(type: GoType): unknown {
  switch (type.kind) {
    case 'int':
    case 'int64':
    case 'uint32':
    case 'uint64':
    case 'float64':
      return 0;
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'struct':
      return Object.fromEntries(type.fields.map((f) => [f.name, zeroValue(f.type)]));
    default:
      return null;
  }
}

const INT_RANGES: Record<string, readonly [bigint, bigint]> = {
  int: [-(2n ** 63n), 2n ** 63n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
};

/** One promoted field of a struct, with the path of Go names to it. */
interface FlatField {
  readonly json: string;
  readonly path: readonly string[];
  readonly field: GoField;
  readonly depth: number;
}

function flatten(fields: readonly GoField[], depth = 0, path: readonly string[] = []): FlatField[] {
  const out: FlatField[] = [];
  for (const field of fields) {
    if (field.embedded && field.type.kind === 'struct') {
      out.push(...flatten(field.type.fields, depth + 1, [...path, field.name]));
      continue;
    }
    if (!/^[A-Z]/.test(field.name)) continue; // unexported: never set
    out.push({ json: field.json ?? field.name, path: [...path, field.name], field, depth });
  }
  // Go's rule: of fields sharing a name the shallowest wins; two at the same depth hide each other.
  const byName = new Map<string, FlatField[]>();
  for (const f of out) byName.set(f.json, [...(byName.get(f.json) ?? []), f]);
  const kept: FlatField[] = [];
  for (const group of byName.values()) {
    const min = Math.min(...group.map((f) => f.depth));
    const shallowest = group.filter((f) => f.depth === min);
    if (shallowest.length === 1 && shallowest[0]) kept.push(shallowest[0]);
  }
  return kept;
}

export interface Decoded<T> {
  readonly value: T;
  /** Every decoding error, in order; Go's Unmarshal returns the first. */
  readonly errors: readonly string[];
}

class Decoder {
  readonly errors: string[] = [];

  private typeError(value: Json, type: GoType, where: string) {
    this.errors.push(
      `json: cannot unmarshal ${kindOf(value)} into Go ${where ? `struct field ${where}` : 'value'} of type ${goName(type)}`,
    );
  }

  decode(value: Json, type: GoType, where: string, current: unknown): unknown {
    if (value === null && type.kind !== 'raw' && type.kind !== 'any') return current;
    switch (type.kind) {
      case 'any':
        return value === null ? null : JSON.parse(source(value));
      case 'raw':
        return source(value);
      case 'string':
        if (typeof value === 'string') return value;
        this.typeError(value, type, where);
        return current;
      case 'bool':
        if (typeof value === 'boolean') return value;
        this.typeError(value, type, where);
        return current;
      case 'float64':
        if (value instanceof GoNumber) return Number(value.source);
        this.typeError(value, type, where);
        return current;
      case 'int':
      case 'int64':
      case 'uint32':
      case 'uint64': {
        if (!(value instanceof GoNumber)) {
          this.typeError(value, type, where);
          return current;
        }
        const range = INT_RANGES[type.kind] ?? [0n, 0n];
        if (
          !/^-?\d+$/.test(value.source) ||
          BigInt(value.source) < range[0] ||
          BigInt(value.source) > range[1]
        ) {
          this.errors.push(
            `json: cannot unmarshal number ${value.source} into Go ${where ? `struct field ${where}` : 'value'} of type ${type.kind}`,
          );
          return current;
        }
        return Number(value.source);
      }
      case 'ptr':
        return this.decode(value, type.elem, where, current ?? zeroValue(type.elem));
      case 'slice':
        if (!Array.isArray(value)) {
          this.typeError(value, type, where);
          return current;
        }
        return value.map((v) => this.decode(v, type.elem, where, zeroValue(type.elem)));
      case 'map': {
        if (kindOf(value) !== 'object') {
          this.typeError(value, type, where);
          return current;
        }
        const out: Record<string, unknown> = { ...(current as Record<string, unknown> | null) };
        for (const [k, v] of Object.entries(value as Record<string, Json>)) {
          if (type.key === 'int' && !/^-?\d+$/.test(k)) {
            this.errors.push(`json: cannot unmarshal number ${k} into Go value of type int`);
            continue;
          }
          out[k] = this.decode(v, type.elem, where, zeroValue(type.elem));
        }
        return out;
      }
      case 'struct':
        return this.struct(value, type, where, current);
    }
  }

  private struct(
    value: Json,
    type: Extract<GoType, { kind: 'struct' }>,
    where: string,
    current: unknown,
  ): unknown {
    if (kindOf(value) !== 'object') {
      this.typeError(value, type, where);
      return current;
    }
    const out = structuredClone(current ?? zeroValue(type)) as Record<string, unknown>;
    const fields = flatten(type.fields);
    for (const [key, item] of Object.entries(value as Record<string, Json>)) {
      const match =
        fields.find((f) => f.json === key) ??
        fields.find((f) => f.json.toLowerCase() === key.toLowerCase());
      if (!match) continue;
      const fieldWhere = `${type.name}.${where ? `${where}.` : ''}${key}`;
      let target = out;
      for (const step of match.path.slice(0, -1)) target = target[step] as Record<string, unknown>;
      const name = match.path.at(-1) ?? '';
      if (match.field.asString)
        target[name] = this.quoted(item, match.field.type, fieldWhere, target[name]);
      else target[name] = this.decode(item, match.field.type, fieldWhere, target[name]);
    }
    return out;
  }

  /** A `,string` field: null, or a JSON string holding the literal of the declared type. */
  private quoted(value: Json, type: GoType, where: string, current: unknown): unknown {
    if (value === null) return current;
    if (typeof value !== 'string') {
      this.errors.push(
        `json: invalid use of ,string struct tag, trying to unmarshal unquoted value into ${goName(type)}`,
      );
      return current;
    }
    let inner: Json;
    try {
      inner = type.kind === 'string' ? value : parse(value);
    } catch {
      inner = value;
    }
    if (type.kind !== 'string' && !(inner instanceof GoNumber) && typeof inner !== 'boolean') {
      this.errors.push(
        `json: invalid use of ,string struct tag, trying to unmarshal ${JSON.stringify(value)} into ${goName(type)}`,
      );
      return current;
    }
    return this.decode(inner, type, where, current);
  }
}

/** Decodes JSON text into a value of `type` as Go's json.Unmarshal would. */
export function unmarshal<T>(text: string, type: GoType): Decoded<T> {
  let json: Json;
  try {
    json = parse(text);
  } catch (e) {
    return { value: zeroValue(type) as T, errors: [`invalid character: ${(e as Error).message}`] };
  }
  const decoder = new Decoder();
  const value = decoder.decode(json, type, '', zeroValue(type)) as T;
  return { value, errors: decoder.errors };
}
