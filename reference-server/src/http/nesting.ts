/**
 * Deepest nesting a JSON body may have before schema validation. JSON.parse takes any depth, but
 * recursive schemas (zod's `z.json()` for free-form fields) walk it recursively and overflow the
 * stack on a body nested a few thousand levels deep: a 500 the fuzzer found. Checked
 * iteratively, so the check itself cannot overflow.
 */
export const MAX_NESTING = 64;

/** The path of the first value nested deeper than `max` levels, or undefined when none is. */
export function tooDeep(value: unknown, max = MAX_NESTING): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number; path: string };
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= max) return item.path;
    for (const [key, child] of Object.entries(item.value)) {
      stack.push({ value: child, depth: item.depth + 1, path: item.path ? `${item.path}.${key}` : key });
    }
  }
  return undefined;
}
