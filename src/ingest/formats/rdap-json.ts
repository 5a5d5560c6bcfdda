/**
 * Reading untrusted RDAP JSON without trusting its shape: a field is read only when it is an own
 * property of a JSON object, so a key such as `constructor` or `toString` never resolves to a
 * prototype's member, and text counts only when it holds a non-blank character. The records built
 * from it get only the fields that have a value: absent stays absent, never undefined or null.
 */

const hasOwn = Object.prototype.hasOwnProperty

/** A JSON object (not an array) whose fields may hold anything. */
export type JsonObject = { readonly [key: string]: unknown }

/**
 * Whether `value` is a JSON object: not null, not an array.
 *
 * @example
 * ```ts
 * isJsonObject({ ldhName: 'example.com' }) // true
 * isJsonObject(['vcard', []])              // false
 * ```
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The own field `key` of `value`, or undefined when `value` is not a JSON object or lacks it.
 *
 * @example
 * ```ts
 * field({ port43: 'whois.example' }, 'port43') // 'whois.example'
 * field({}, 'constructor')                      // undefined (not Object's constructor)
 * field('text', 'length')                       // undefined
 * ```
 */
export function field(value: unknown, key: string): unknown {
  return isJsonObject(value) && hasOwn.call(value, key) ? value[key] : undefined
}

/**
 * `value` as written when it is a string with a non-blank character, else undefined.
 *
 * @example
 * ```ts
 * text(' Example ') // ' Example '
 * text('  ')        // undefined
 * text(42)          // undefined
 * ```
 */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > 0 ? value : undefined
}

/**
 * `value` when it is an array, else an empty one.
 *
 * @example
 * ```ts
 * list(['active']) // ['active']
 * list('active')   // []
 * ```
 */
export function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : []
}

/**
 * Sets `target[key]` to `value` unless `value` is undefined.
 *
 * @example
 * ```ts
 * const domain = {}
 * put(domain, 'id', 'D1-EXAMPLE') // domain is { id: 'D1-EXAMPLE' }
 * put(domain, 'dnssec', undefined) // domain is unchanged
 * ```
 */
export function put(target: { [key: string]: unknown }, key: string, value: unknown): void {
  if (value !== undefined) target[key] = value
}
